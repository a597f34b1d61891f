import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

interface Props {
  opened: boolean;
  isSaving: boolean;
  onClose: () => void;
  onConfirm: () => void;
}

/** Emptying the bin removes its mails for good: it asks first, since no toast can undo it. */
export function EmptyBinModal({ opened, isSaving, onClose, onConfirm }: Props) {
  const { t } = useTranslation('inbox');
  return (
    <Modal opened={opened} onClose={onClose} title={t('unmapped.emptyBinConfirmTitle')}>
      <Stack gap="md">
        <Text size="sm">{t('unmapped.emptyBinConfirm')}</Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} data-autofocus>
            {t('actions.cancel')}
          </Button>
          <Button color="red" loading={isSaving} onClick={onConfirm}>
            {t('actions.emptyBin')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
