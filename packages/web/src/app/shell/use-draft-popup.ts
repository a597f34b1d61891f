import { useCallback, useLayoutEffect, useRef, useState } from 'react';
import { draftEvents, type TSaveDraftPayload } from '../../lib/events';
import { notifyError } from '../../lib/notify';
import { POPUP_COUNTDOWN_SECONDS, useCountdown } from '../../lib/use-countdown';

const withoutHandlers = ({ save: _s, remove: _r, ...draft }: TSaveDraftPayload) => draft;

/**
 * The draft pop-up's logic (source, section 4): shown on SAVE_DRAFT; keep saves the draft,
 * delete with a mail id deletes it, delete without one just clears; the countdown keeps it.
 */
export const useDraftPopup = () => {
  const [current, setCurrent] = useState<TSaveDraftPayload | null>(null);
  const [isBusy, setBusy] = useState(false);
  const currentRef = useRef(current);
  currentRef.current = current;

  const keep = useCallback(async () => {
    const payload = currentRef.current;
    if (!payload) return;
    setBusy(true);
    try {
      await payload.save?.(withoutHandlers(payload));
      draftEvents.emit('SET_DRAFT', withoutHandlers(payload));
    } catch (error) {
      notifyError(error);
    } finally {
      setBusy(false);
      setCurrent(null);
    }
  }, []);

  const countdown = useCountdown(POPUP_COUNTDOWN_SECONDS, () => void keep());
  const { restart, stop } = countdown;

  // Subscribed while the shell is committed, before it is painted: a change made the moment the
  // shell can be used must not find nobody listening (a passive effect runs only after paint).
  useLayoutEffect(
    () =>
      draftEvents.on('SAVE_DRAFT', (payload) => {
        setCurrent(payload);
        restart();
      }),
    [restart],
  );

  const remove = async () => {
    const payload = currentRef.current;
    if (!payload) return;
    stop();
    setBusy(true);
    try {
      if (payload.mailId != null) await payload.remove?.(payload.mailId);
      draftEvents.emit('DELETE_DRAFT', { type: payload.type, mailId: payload.mailId ?? null });
    } catch (error) {
      notifyError(error);
    } finally {
      setBusy(false);
      setCurrent(null);
    }
  };

  return {
    draft: current,
    isBusy,
    remaining: countdown.remaining,
    keep: () => {
      stop();
      void keep();
    },
    remove: () => void remove(),
  };
};
