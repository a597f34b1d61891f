import { Button, Group, Paper, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

interface Props {
  count: number;
  total: number;
  isBin: boolean;
  disabled: boolean;
  onSelectAll: () => void;
  onClear: () => void;
  onMap: () => void;
  onDelete: () => void;
  onRestore: () => void;
}

/** The selected mails' actions, together: map to one case or delete; in the bin, restore. */
export function BulkBar({
  count,
  total,
  isBin,
  disabled,
  onSelectAll,
  onClear,
  onMap,
  onDelete,
  onRestore,
}: Props) {
  const { t } = useTranslation('inbox');
  return (
    <Paper withBorder p="xs" mb="sm" data-testid="bulk-bar">
      <Group justify="space-between" gap="xs">
        <Group gap="xs">
          <Text size="sm" fw={600} aria-live="polite">
            {t('unmapped.selected', { count })}
          </Text>
          {count < total && (
            <Button size="compact-sm" variant="subtle" onClick={onSelectAll}>
              {t('unmapped.selectAll')}
            </Button>
          )}
          <Button size="compact-sm" variant="subtle" color="gray" onClick={onClear}>
            {t('unmapped.clearSelection')}
          </Button>
        </Group>
        <Group gap="xs">
          {isBin ? (
            <Button size="compact-sm" onClick={onRestore} disabled={disabled}>
              {t('actions.restore')}
            </Button>
          ) : (
            <>
              <Button size="compact-sm" onClick={onMap} disabled={disabled}>
                {t('actions.mapToCase')}
              </Button>
              <Button size="compact-sm" color="red" variant="light" onClick={onDelete} disabled={disabled}>
                {t('actions.delete')}
              </Button>
            </>
          )}
        </Group>
      </Group>
    </Paper>
  );
}
