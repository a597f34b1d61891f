import { nprogress } from '@mantine/nprogress';

/** Loading-bar tick (source, section 9). */
export const LOADING_BAR_TICK_MS = 250;

let active = 0;

/** Starts the orange bar for one task; the returned function ends it (safe to call twice). */
export const beginLoading = (): (() => void) => {
  active += 1;
  if (active === 1) nprogress.start();
  let ended = false;
  return () => {
    if (ended) return;
    ended = true;
    active = Math.max(0, active - 1);
    if (active === 0) nprogress.complete();
  };
};

export const activeLoadingCount = (): number => active;
