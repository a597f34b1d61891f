import { Anchor, Group, Text } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

/** The email the steps after the first work on, with a way back to change it. */
export function StepHeader({ email, onBack }: { email: string; onBack: () => void }) {
  const { t } = useTranslation('login');
  return (
    <Group justify="space-between" wrap="nowrap" gap="xs">
      <Text size="sm" fw={500} truncate data-testid="login-email">
        {email}
      </Text>
      <Anchor component="button" type="button" size="sm" onClick={onBack}>
        <Group gap={4} wrap="nowrap">
          <IconArrowLeft size={14} aria-hidden />
          {t('changeEmail')}
        </Group>
      </Anchor>
    </Group>
  );
}
