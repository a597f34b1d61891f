import { useCallback, useEffect, useRef, useState } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import { draftEvents, getDraft } from '../../../lib/events';
import type { TCaseFormValues } from '../lib/form-values';

const DRAFT_TYPE = 'claim-field' as const;
const SET_DELAY_MS = 400;

interface Options {
  /** Which form the draft belongs to: `case-42`, `new-claim`. */
  draftKey: string;
  form: UseFormReturn<TCaseFormValues>;
  /** False until the form holds its starting values, and where the draftClaim feature is off. */
  isEnabled: boolean;
  subject: string;
}

const draftValues = (key: string): TCaseFormValues | null => {
  const draft = getDraft(DRAFT_TYPE);
  if (!draft?.data || draft.data.key !== key) return null;
  return (draft.data.values as TCaseFormValues | undefined) ?? null;
};

/**
 * Unsaved case fields as a claim-field draft (source, section 4): each change is SET_DRAFT;
 * leaving the form with unsaved changes is SAVE_DRAFT, which opens the shell's draft pop-up
 * (keep, or delete); coming back to the same form restores a kept draft.
 */
export const useClaimDraft = ({ draftKey, form, isEnabled, subject }: Options) => {
  const [isRestored, setRestored] = useState(false);
  const isDirtyRef = useRef(false);
  const isDoneRef = useRef(false);
  const latest = useRef({ draftKey, subject, isEnabled });
  latest.current = { draftKey, subject, isEnabled };
  isDirtyRef.current = form.formState.isDirty;

  useEffect(() => {
    if (!isEnabled) return;
    const values = draftValues(draftKey);
    if (values) {
      form.reset(values, { keepDefaultValues: true });
      setRestored(true);
    }
    let timer: ReturnType<typeof setTimeout> | undefined;
    const subscription = form.watch((values) => {
      clearTimeout(timer);
      timer = setTimeout(() => {
        if (!isDirtyRef.current || isDoneRef.current) return;
        draftEvents.emit('SET_DRAFT', { type: DRAFT_TYPE, subject, data: { key: draftKey, values } });
      }, SET_DELAY_MS);
    });
    return () => {
      clearTimeout(timer);
      subscription.unsubscribe();
    };
    // The form object is stable; the draft is restored once per form.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [isEnabled, draftKey]);

  useEffect(
    () => () => {
      const { isEnabled: enabled, draftKey: key, subject: text } = latest.current;
      if (!enabled || isDoneRef.current || !isDirtyRef.current) return;
      draftEvents.emit('SAVE_DRAFT', {
        type: DRAFT_TYPE,
        subject: text,
        data: { key, values: form.getValues() },
      });
    },
    [form],
  );

  /** After a save, or when the user throws the changes away. */
  const clear = useCallback(() => {
    isDoneRef.current = false;
    setRestored(false);
    draftEvents.emit('DELETE_DRAFT', { type: DRAFT_TYPE, mailId: null });
  }, []);

  /** The form is being left on purpose (after create): no pop-up. */
  const finish = useCallback(() => {
    isDoneRef.current = true;
    draftEvents.emit('DELETE_DRAFT', { type: DRAFT_TYPE, mailId: null });
  }, []);

  return { isRestored, clear, finish };
};
