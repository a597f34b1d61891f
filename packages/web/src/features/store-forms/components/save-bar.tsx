import { Alert, Button, Group, List, Stack, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { TSaveProblem } from '../hooks/use-save-document';

interface Props {
  problem: TSaveProblem | null;
  /** Messages of the document that no field shows, by path. */
  otherErrors: Record<string, string>;
  isDirty: boolean;
  isPending: boolean;
  onSave: () => void;
  onDiscard: () => void;
  onReload: () => void;
}

/** Save and discard, and why the last save did not go through. */
export function SaveBar({ problem, otherErrors, isDirty, isPending, onSave, onDiscard, onReload }: Props) {
  const { t } = useTranslation('settings');
  const others = Object.entries(otherErrors);
  return (
    <Stack gap="sm">
      {problem?.kind === 'conflict' && (
        <Alert
          color="orange"
          icon={<IconAlertTriangle size={18} aria-hidden />}
          title={t('storeForms.conflictTitle')}
        >
          <Stack gap="xs" align="flex-start">
            <Text size="sm">{t('storeForms.conflict')}</Text>
            <Button size="compact-sm" variant="light" onClick={onReload}>
              {t('storeForms.reload')}
            </Button>
          </Stack>
        </Alert>
      )}
      {problem?.kind === 'invalid' && (
        <Alert
          color="red"
          icon={<IconAlertTriangle size={18} aria-hidden />}
          title={t('storeForms.invalidTitle')}
          role="alert"
        >
          {others.length > 0 ? (
            <List size="sm">
              {others.map(([path, message]) => (
                <List.Item key={path}>{message}</List.Item>
              ))}
            </List>
          ) : (
            <Text size="sm">{t('storeForms.invalidOnFields')}</Text>
          )}
        </Alert>
      )}
      <Group justify="flex-end" gap="sm">
        <Button variant="default" onClick={onDiscard} disabled={!isDirty || isPending}>
          {t('storeForms.discard')}
        </Button>
        <Button onClick={onSave} loading={isPending} disabled={!isDirty}>
          {t('storeForms.save')}
        </Button>
      </Group>
    </Stack>
  );
}
