import { Switch, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notifyFailure } from '../../../lib/notify';
import { disablePush, enablePush, pushState, type TPushState } from '../../../lib/web-push';

/**
 * The person's browser notifications for this browser: turning them on asks the browser's
 * permission here, on a click, never on page load; a refusal leaves the switch off.
 */
export function NotificationsSwitch() {
  const { t } = useTranslation('users');
  const [state, setState] = useState<TPushState | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    let live = true;
    void pushState().then((s) => {
      if (live) setState(s);
    });
    return () => {
      live = false;
    };
  }, []);

  if (state === null) return null;
  const blocked = state === 'unsupported' || state === 'denied';
  const onChange = (on: boolean) => {
    setBusy(true);
    (on ? enablePush() : disablePush().then(() => 'off' as const))
      .then(setState, (error: unknown) => {
        console.warn('Browser notifications', error);
        notifyFailure(t('profile.notifications.failed'));
        void pushState().then(setState);
      })
      .finally(() => {
        setBusy(false);
      });
  };
  return (
    <Switch
      mt="md"
      checked={state === 'on'}
      disabled={blocked || busy}
      onChange={(event) => {
        onChange(event.currentTarget.checked);
      }}
      label={t('profile.notifications.label')}
      description={
        <Text component="span" size="xs" c="dimmed" data-testid="notifications-state">
          {state === 'unsupported'
            ? t('profile.notifications.unsupported')
            : state === 'denied'
              ? t('profile.notifications.denied')
              : t('profile.notifications.hint')}
        </Text>
      }
      data-testid="notifications-switch"
    />
  );
}
