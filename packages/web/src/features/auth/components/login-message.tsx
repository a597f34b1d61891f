import { Alert, List } from '@mantine/core';
import { IconAlertCircle, IconCircleCheck } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { TLoginMessage } from '../hooks/login-machine';

export function LoginMessage({
  message,
  tone,
}: {
  message: TLoginMessage | null;
  tone: 'error' | 'success';
}) {
  const { t } = useTranslation('login');
  if (!message) return null;
  const isError = tone === 'error';
  return (
    <Alert
      role={isError ? 'alert' : 'status'}
      color={isError ? 'red' : 'teal'}
      variant="light"
      icon={isError ? <IconAlertCircle aria-hidden /> : <IconCircleCheck aria-hidden />}
      data-testid={isError ? 'login-error' : 'login-notice'}
    >
      {t(message.key, message.values)}
      {message.details && message.details.length > 0 && (
        <List size="sm" mt={4}>
          {message.details.map((d) => (
            <List.Item key={d}>{d}</List.Item>
          ))}
        </List>
      )}
    </Alert>
  );
}
