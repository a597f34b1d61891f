import { Button, PasswordInput, Stack } from '@mantine/core';
import { useState, type SyntheticEvent } from 'react';
import { useTranslation } from 'react-i18next';

interface Props {
  isPending: boolean;
  onSubmit: (password: string) => void;
}

export function PasswordStep({ isPending, onSubmit }: Props) {
  const { t } = useTranslation('login');
  const [password, setPassword] = useState('');
  const submit = (e: SyntheticEvent) => {
    e.preventDefault();
    if (password.length > 0 && !isPending) onSubmit(password);
  };
  return (
    <form onSubmit={submit} noValidate aria-label={t('password.title')}>
      <Stack gap="md">
        <PasswordInput
          visibilityToggleButtonProps={{ 'aria-label': t('common:actions.togglePassword') }}
          value={password}
          onChange={(e) => setPassword(e.currentTarget.value)}
          name="password"
          label={t('password.label')}
          autoComplete="current-password"
          autoFocus
          required
        />
        <Button type="submit" disabled={password.length === 0} loading={isPending} fullWidth>
          {t('password.submit')}
        </Button>
      </Stack>
    </form>
  );
}
