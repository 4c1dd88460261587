import { useSyncExternalStore } from 'react';

/** The frame switches to a drawer under 992 px; mobile is under 768 px. */
export const DRAWER_MAX_WIDTH = 992;

/** Whether the CSS media query matches, following its changes. */
export const useMediaQuery = (query: string) =>
  useSyncExternalStore(
    (onChange) => {
      const mq = window.matchMedia(query);
      mq.addEventListener('change', onChange);
      return () => mq.removeEventListener('change', onChange);
    },
    () => window.matchMedia(query).matches,
    () => false,
  );

export const useMaxWidth = (px: number) => useMediaQuery(`(max-width: ${px - 0.02}px)`);

/** The reader asked their system for less motion: antd's opening, closing and sliding motions are left out. */
export const useReducedMotion = () => useMediaQuery('(prefers-reduced-motion: reduce)');
