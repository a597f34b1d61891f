import { Alert, Button, CloseButton, Group, Stack, Text } from '@mantine/core';
import { IconGitMerge } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { TFieldConflict } from '../lib/merge-case-values';

interface Props {
  /** How many fields the other save changed that this person had left alone (now theirs). */
  taken: number;
  conflicts: TFieldConflict[];
  labelOf: (path: string) => string;
  show: (path: string, value: unknown) => string;
  onChoose: (conflict: TFieldConflict, side: 'mine' | 'theirs') => void;
  onDismiss: () => void;
}

/**
 * Someone else saved the case while this person was editing it (issue 35): their changes are in
 * the form, what this person typed is kept, and each field both changed is shown side by side to
 * choose. Nothing is saved until this person saves.
 */
export function MergeNotice({ taken, conflicts, labelOf, show, onChoose, onDismiss }: Props) {
  const { t } = useTranslation('cases');
  return (
    <Alert
      color="yellow"
      variant="light"
      mb="md"
      icon={<IconGitMerge size={20} aria-hidden />}
      title={t('merge.title')}
      role="status"
      data-testid="merge-notice"
      withCloseButton={false}
    >
      <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
        <Text size="sm">
          {t('merge.applied', { count: taken })}{' '}
          {conflicts.length > 0 ? t('merge.choose') : t('merge.saveToKeep')}
        </Text>
        {conflicts.length === 0 && (
          <CloseButton size="sm" aria-label={t('common:actions.close')} onClick={onDismiss} />
        )}
      </Group>
      {conflicts.length > 0 && (
        <Stack gap="xs" mt="sm">
          {conflicts.map((conflict) => (
            <Stack
              key={conflict.path}
              gap={4}
              p="xs"
              bd="1px solid var(--mantine-color-default-border)"
              style={{ borderRadius: 'var(--mantine-radius-sm)' }}
              data-testid="merge-conflict"
              aria-label={labelOf(conflict.path)}
              role="group"
            >
              <Text size="sm" fw={600}>
                {labelOf(conflict.path)}
              </Text>
              <Group justify="space-between" wrap="wrap" gap="xs">
                <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                  {t('merge.theirs')}: {show(conflict.path, conflict.theirs)}
                </Text>
                <Button size="compact-sm" variant="default" onClick={() => onChoose(conflict, 'theirs')}>
                  {t('merge.takeTheirs')}
                </Button>
              </Group>
              <Group justify="space-between" wrap="wrap" gap="xs">
                <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                  {t('merge.mine')}: {show(conflict.path, conflict.mine)}
                </Text>
                <Button size="compact-sm" variant="default" onClick={() => onChoose(conflict, 'mine')}>
                  {t('merge.keepMine')}
                </Button>
              </Group>
            </Stack>
          ))}
        </Stack>
      )}
    </Alert>
  );
}
