import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import type { TConfigSource } from '@claimdesk/contracts';
import { useTranslation } from 'react-i18next';
import { DiffView } from './diff-view';

interface TDiffModal {
  opened: boolean;
  name: string;
  before: string;
  after: string;
  onClose: () => void;
}

/** The difference against the current document, and the save that follows it. */
export function ReviewModal({
  opened,
  name,
  before,
  after,
  isSaving,
  onSave,
  onClose,
}: TDiffModal & { isSaving: boolean; onSave: () => void }) {
  const { t } = useTranslation('settings');
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      size="xl"
      title={t('storeConfigs.reviewTitle', { name })}
      closeButtonProps={{ 'aria-label': t('common:actions.close') }}
    >
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          {t('storeConfigs.reviewHint')}
        </Text>
        <DiffView before={before} after={after} />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose}>
            {t('common:actions.cancel')}
          </Button>
          <Button onClick={onSave} loading={isSaving} data-testid="config-save">
            {t('storeConfigs.save')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

/** Removing the stored document, so that its fallback applies again; shows what changes. */
export function ResetModal({
  opened,
  name,
  before,
  after,
  fallbackSource,
  isResetting,
  onReset,
  onClose,
}: TDiffModal & { fallbackSource: TConfigSource; isResetting: boolean; onReset: () => void }) {
  const { t } = useTranslation('settings');
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      size="xl"
      title={t('storeConfigs.resetTitle', { name })}
      closeButtonProps={{ 'aria-label': t('common:actions.close') }}
    >
      <Stack gap="md">
        <Text size="sm">
          {t('storeConfigs.resetQuestion', { source: t(`storeConfigs.source.${fallbackSource}`) })}
        </Text>
        <DiffView before={before} after={after} />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose}>
            {t('common:actions.cancel')}
          </Button>
          <Button color="red.9" onClick={onReset} loading={isResetting} data-testid="config-reset-confirm">
            {t('storeConfigs.resetConfirm')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
