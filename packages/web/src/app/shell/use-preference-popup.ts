import { useCallback, useLayoutEffect, useState } from 'react';
import type { TUpdateUserPreferenceRequest } from '@claimdesk/contracts';
import { useUpdateUserPreference } from '../../features/preferences/api/update-user-preference';
import { preferenceEvents } from '../../lib/events';
import { i18n } from '../../lib/i18n';
import { notifyFailure, notifySuccess } from '../../lib/notify';
import { POPUP_COUNTDOWN_SECONDS, useCountdown } from '../../lib/use-countdown';

/**
 * Preference changes wait here for confirmation (source, section 4): a change adds or replaces
 * its key and restarts the countdown; confirm saves all; cancel or time-out clears.
 */
export const usePreferencePopup = () => {
  const [pending, setPending] = useState<TUpdateUserPreferenceRequest>({});
  // A failure shows the source's own toast, 'Failed to update preferences' (section 8).
  const save = useUpdateUserPreference({ mutationConfig: { meta: { handlesErrors: true } } });
  const clear = useCallback(() => setPending({}), []);
  const countdown = useCountdown(POPUP_COUNTDOWN_SECONDS, clear);
  const { restart, stop } = countdown;

  // Subscribed while the shell is committed, before it is painted: a change made the moment the
  // shell can be used must not find nobody listening (a passive effect runs only after paint).
  useLayoutEffect(
    () =>
      preferenceEvents.on('PREFERENCE_CHANGED', ({ key, value }) => {
        setPending((prev) => ({ ...prev, [key]: value as TUpdateUserPreferenceRequest[string] }));
        restart();
      }),
    [restart],
  );

  const confirm = () => {
    stop();
    save.mutate(pending, {
      onSuccess: () => notifySuccess(i18n.t('common:preferences.saved')),
      onError: () => notifyFailure(i18n.t('common:preferences.failed')),
      onSettled: clear,
    });
  };
  const cancel = () => {
    stop();
    clear();
  };

  return {
    keys: Object.keys(pending),
    isOpen: Object.keys(pending).length > 0,
    isSaving: save.isPending,
    remaining: countdown.remaining,
    confirm,
    cancel,
  };
};
