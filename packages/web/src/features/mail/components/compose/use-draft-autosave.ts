import { useCallback, useEffect, useRef, useState } from 'react';
import type { TDraftType, TMailLog } from '@claimdesk/contracts';
import { draftEvents } from '../../../../lib/events';
import { discardDraft } from '../../api/save-draft';

/** How long after the last keystroke a compose is kept on the server (issue 22: two seconds). */
export const DRAFT_SAVE_DELAY_MS = 2_000;

export type TDraftStatus =
  { kind: 'idle' } | { kind: 'saving' } | { kind: 'saved'; at: Date } | { kind: 'failed'; error: unknown };

interface Options {
  /** The draft this compose continues, if any. */
  initialDraftId: number | null;
  /** Bumped on every change the person makes. */
  revision: number;
  /** Saves the compose as it is now (creating the draft when `draftId` is null); answers the draft. */
  save: (draftId: number | null) => Promise<TMailLog>;
  /** The subject, for the draft pop-up. */
  subject: string;
  isEnabled: boolean;
  /** The draft pop-up's type: claim-chat on a case, unmapped-compose or unmapped-chat without one. */
  type?: TDraftType;
}

/**
 * Keeps a compose on the server as a draft: two seconds after typing stops, and at once when the
 * compose is closed or the page is left. Saves never overlap: a change made while one runs is
 * saved right after it. Leaving a compose with changes also raises SAVE_DRAFT, whose pop-up
 * offers to delete the draft (keeping it is the default, and what the countdown does).
 */
export function useDraftAutosave({
  initialDraftId,
  revision,
  save,
  subject,
  isEnabled,
  type = 'claim-chat',
}: Options) {
  const [status, setStatus] = useState<TDraftStatus>({ kind: 'idle' });
  const draftId = useRef<number | null>(initialDraftId);
  const savedRevision = useRef(revision);
  const running = useRef<Promise<void> | null>(null);
  const latest = useRef({ revision, save, subject, isEnabled, type });
  latest.current = { revision, save, subject, isEnabled, type };
  const isFinished = useRef(false);

  const flush = useCallback(async (): Promise<number | null> => {
    if (running.current) await running.current;
    const { revision: wanted, save: saveNow, isEnabled: enabled } = latest.current;
    if (!enabled || isFinished.current || wanted === savedRevision.current) return draftId.current;
    setStatus({ kind: 'saving' });
    running.current = saveNow(draftId.current)
      .then((draft) => {
        draftId.current = draft.id;
        savedRevision.current = wanted;
        setStatus({ kind: 'saved', at: new Date() });
      })
      .catch((error: unknown) => setStatus({ kind: 'failed', error }))
      .finally(() => {
        running.current = null;
      });
    await running.current;
    // Typed meanwhile: that is saved too.
    if (latest.current.revision !== savedRevision.current && !isFinished.current) return flush();
    return draftId.current;
  }, []);

  useEffect(() => {
    if (!isEnabled || revision === savedRevision.current) return undefined;
    const timer = window.setTimeout(() => void flush(), DRAFT_SAVE_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [revision, isEnabled, flush]);

  // Leaving the page (a reload, a closed tab): save what is there.
  useEffect(() => {
    const onHide = () => {
      if (document.visibilityState === 'hidden') void flush();
    };
    document.addEventListener('visibilitychange', onHide);
    window.addEventListener('pagehide', onHide);
    return () => {
      document.removeEventListener('visibilitychange', onHide);
      window.removeEventListener('pagehide', onHide);
    };
  }, [flush]);

  // Leaving the compose (another screen): save, and ask through the draft pop-up.
  useEffect(
    () => () => {
      if (isFinished.current || !latest.current.isEnabled) return;
      const hasChanges = latest.current.revision !== savedRevision.current || draftId.current !== null;
      if (!hasChanges) return;
      void flush().then((id) =>
        draftEvents.emit('SAVE_DRAFT', {
          type: latest.current.type,
          mailId: id,
          subject: latest.current.subject,
          remove: (mailId) => discardDraft(mailId),
        }),
      );
    },
    [flush],
  );

  /** The compose is done with (sent or discarded): nothing more is saved. */
  const finish = useCallback(() => {
    isFinished.current = true;
  }, []);

  return { status, flush, finish, draftId: () => draftId.current };
}
