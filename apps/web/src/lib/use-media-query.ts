import { useSyncExternalStore } from 'react';

/** The frame switches to a drawer under 992 px; mobile is under 768 px. */
export const DRAWER_MAX_WIDTH = 992;

export const useMaxWidth = (px: number) =>
  useSyncExternalStore(
    (onChange) => {
      const mq = window.matchMedia(`(max-width: ${px - 0.02}px)`);
      mq.addEventListener('change', onChange);
      return () => mq.removeEventListener('change', onChange);
    },
    () => window.matchMedia(`(max-width: ${px - 0.02}px)`).matches,
    () => false,
  );
