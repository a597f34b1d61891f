import { useCallback, useEffect, useRef, useState } from 'react';

/** Both confirmation pop-ups count down 20 seconds (source, section 9). */
export const POPUP_COUNTDOWN_SECONDS = 20;

/**
 * A countdown that calls onDone once when it reaches zero. `restart` starts it again from the
 * full time; `stop` halts it without calling onDone.
 */
export const useCountdown = (seconds: number, onDone: () => void) => {
  const [remaining, setRemaining] = useState<number | null>(null);
  const doneRef = useRef(onDone);
  doneRef.current = onDone;
  const timer = useRef<ReturnType<typeof setInterval> | null>(null);

  const stop = useCallback(() => {
    if (timer.current) clearInterval(timer.current);
    timer.current = null;
    setRemaining(null);
  }, []);

  const restart = useCallback(() => {
    if (timer.current) clearInterval(timer.current);
    setRemaining(seconds);
    timer.current = setInterval(() => {
      setRemaining((prev) => {
        const next = (prev ?? seconds) - 1;
        return next;
      });
    }, 1000);
  }, [seconds]);

  useEffect(() => {
    if (remaining !== null && remaining <= 0) {
      stop();
      doneRef.current();
    }
  }, [remaining, stop]);

  useEffect(
    () => () => {
      if (timer.current) clearInterval(timer.current);
    },
    [],
  );

  return { remaining, restart, stop, isRunning: remaining !== null };
};
