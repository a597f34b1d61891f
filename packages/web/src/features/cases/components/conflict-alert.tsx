import { Alert, Button, Group, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

/** A save refused with 409: someone changed the case first; reloading shows their version. */
export function ConflictAlert({ onReload, isReloading }: { onReload: () => void; isReloading: boolean }) {
  const { t } = useTranslation('cases');
  return (
    <Alert
      color="red"
      variant="light"
      icon={<IconAlertTriangle size={20} aria-hidden />}
      title={t('conflict.title')}
      mb="md"
      role="alert"
      data-testid="conflict-alert"
    >
      <Group justify="space-between" align="center" wrap="wrap" gap="sm">
        <Text size="sm">{t('conflict.message')}</Text>
        <Button color="red.9" variant="filled" size="xs" onClick={onReload} loading={isReloading}>
          {t('conflict.reload')}
        </Button>
      </Group>
    </Alert>
  );
}
