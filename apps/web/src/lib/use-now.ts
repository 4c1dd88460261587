import { useEffect, useState } from 'react';

/** The browser's clock in ms, ticking every `periodMs` while `active` (a countdown on screen); still otherwise. */
export const useNow = (active = true, periodMs = 1000) => {
  const [nowMs, setNowMs] = useState(() => Date.now());
  useEffect(() => {
    if (!active) return;
    setNowMs(Date.now());
    const timer = setInterval(() => setNowMs(Date.now()), periodMs);
    return () => clearInterval(timer);
  }, [active, periodMs]);
  return nowMs;
};
