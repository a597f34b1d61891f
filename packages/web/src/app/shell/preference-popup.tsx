import { Button, Dialog, Group, Loader, Stack, Text } from '@mantine/core';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { CountdownRing } from '../../components/ui/countdown-ring';
import { POPUP_COUNTDOWN_SECONDS } from '../../lib/use-countdown';
import { usePreferencePopup } from './use-preference-popup';

/** Asks to confirm changed preferences; a 20-second countdown ends by cancelling. */
export function PreferencePopup() {
  const { t } = useTranslation('common');
  const popup = usePreferencePopup();
  const titleId = useId();
  return (
    <Dialog
      opened={popup.isOpen}
      withBorder
      shadow="lg"
      radius="md"
      size="lg"
      position={{ bottom: 20, right: 20 }}
      zIndex={300}
    >
      <Stack gap="sm" role="alertdialog" aria-labelledby={titleId} data-testid="preference-popup">
        <Group justify="space-between" wrap="nowrap" align="flex-start">
          <Stack gap={2}>
            <Text fw={600} id={titleId}>
              {t('preferences.title')}
            </Text>
            <Text size="sm" c="dimmed">
              {t('preferences.question', {
                keys: popup.keys.map((k) => t(`preferences.keys.${k}`, { defaultValue: k })).join(', '),
              })}
            </Text>
          </Stack>
          {popup.remaining !== null && (
            <CountdownRing
              remaining={popup.remaining}
              total={POPUP_COUNTDOWN_SECONDS}
              label={t('popup.secondsLeft', { count: popup.remaining })}
            />
          )}
        </Group>
        {popup.isSaving ? (
          <Group gap="xs">
            <Loader size="xs" />
            <Text size="sm">{t('preferences.saving')}</Text>
          </Group>
        ) : (
          <Group justify="flex-end" gap="xs">
            <Button variant="default" onClick={popup.cancel}>
              {t('actions.cancel')}
            </Button>
            <Button onClick={popup.confirm}>{t('actions.confirm')}</Button>
          </Group>
        )}
      </Stack>
    </Dialog>
  );
}
