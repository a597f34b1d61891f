import { Anchor, Button, Group, PasswordInput, Stack } from '@mantine/core';
import { useState, type SyntheticEvent } from 'react';
import { useTranslation } from 'react-i18next';

interface Props {
  isPending: boolean;
  onSubmit: (password: string) => void;
  /** Opens "Forgot password?" for the address of this step. */
  onForgot?: () => void;
}

export function PasswordStep({ isPending, onSubmit, onForgot }: Props) {
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
        {onForgot && (
          <Group justify="flex-end" mt={-8}>
            <Anchor component="button" type="button" size="sm" onClick={onForgot}>
              {t('forgot.link')}
            </Anchor>
          </Group>
        )}
        <Button type="submit" disabled={password.length === 0} loading={isPending} fullWidth>
          {t('password.submit')}
        </Button>
      </Stack>
    </form>
  );
}
