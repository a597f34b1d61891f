import { Button, Group, Text } from '@mantine/core';
import { IconX } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { formatMailTime } from '../../lib/mail-format';
import type { TDraftStatus } from './use-draft-autosave';

/** The compose's title, where its draft stands (saving, saved at, failed), and Close. */
export function ComposeHeader({
  title,
  status,
  onClose,
}: {
  title: string;
  status: TDraftStatus;
  onClose: () => void;
}) {
  const { t, i18n } = useTranslation('compose');
  return (
    <Group justify="space-between" mb="xs" wrap="wrap" gap="xs">
      <Text fw={600} style={{ flex: '1 1 200px', minWidth: 0 }} lineClamp={2}>
        {title}
      </Text>
      <Group gap="xs" wrap="nowrap">
        <Text
          size="xs"
          c={status.kind === 'failed' ? 'red' : 'dimmed'}
          data-testid="draft-status"
          aria-live="polite"
        >
          {status.kind === 'saving' && t('draft.saving')}
          {status.kind === 'saved' &&
            t('draft.saved', { time: formatMailTime(status.at.toISOString(), i18n.language, true) })}
          {status.kind === 'failed' && t('draft.failed')}
        </Text>
        <Button
          variant="subtle"
          color="gray"
          size="compact-sm"
          leftSection={<IconX size={14} aria-hidden />}
          onClick={onClose}
        >
          {t('actions.close')}
        </Button>
      </Group>
    </Group>
  );
}
