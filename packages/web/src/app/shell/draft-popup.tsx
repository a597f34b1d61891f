import { Button, Dialog, Group, Loader, Stack, Text } from '@mantine/core';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { CountdownRing } from '../../components/ui/countdown-ring';
import { POPUP_COUNTDOWN_SECONDS } from '../../lib/use-countdown';
import { useDraftPopup } from './use-draft-popup';

/** Asks whether to keep or delete a draft mail; a 20-second countdown ends by keeping it. */
export function DraftPopup() {
  const { t } = useTranslation('common');
  const popup = useDraftPopup();
  const titleId = useId();
  return (
    <Dialog
      opened={popup.draft !== null}
      withBorder
      shadow="lg"
      radius="md"
      size="lg"
      position={{ bottom: 20, left: 20 }}
      zIndex={300}
    >
      <Stack gap="sm" role="alertdialog" aria-labelledby={titleId} data-testid="draft-popup">
        <Group justify="space-between" wrap="nowrap" align="flex-start">
          <Stack gap={2}>
            <Text fw={600} id={titleId}>
              {t('draft.title')}
            </Text>
            <Text size="sm" c="dimmed">
              {t('draft.question', { type: t(`draft.types.${popup.draft?.type ?? 'claim-field'}`) })}
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
        {popup.isBusy ? (
          <Group gap="xs">
            <Loader size="xs" />
            <Text size="sm">{t('draft.working')}</Text>
          </Group>
        ) : (
          <Group justify="flex-end" gap="xs">
            <Button variant="default" color="red" onClick={popup.remove}>
              {t('draft.delete')}
            </Button>
            <Button onClick={popup.keep}>{t('draft.keep')}</Button>
          </Group>
        )}
      </Stack>
    </Dialog>
  );
}
