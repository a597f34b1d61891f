import { Button, PasswordInput, Stack, Text } from '@mantine/core';
import { useState, type SyntheticEvent } from 'react';
import { useTranslation } from 'react-i18next';

interface Props {
  isPending: boolean;
  onSubmit: (password: string) => void;
}

/** New and repeat password; the repeat must equal the new one (source, section 5). */
export function ResetStep({ isPending, onSubmit }: Props) {
  const { t } = useTranslation('login');
  const [password, setPassword] = useState('');
  const [repeat, setRepeat] = useState('');
  const isMismatch = repeat.length > 0 && password !== repeat;
  const canSubmit = password.length > 0 && repeat.length > 0 && !isMismatch;
  const submit = (e: SyntheticEvent) => {
    e.preventDefault();
    if (canSubmit && !isPending) onSubmit(password);
  };
  return (
    <form onSubmit={submit} noValidate aria-label={t('reset.title')}>
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          {t('reset.intro')}
        </Text>
        <PasswordInput
          visibilityToggleButtonProps={{ 'aria-label': t('common:actions.togglePassword') }}
          value={password}
          onChange={(e) => setPassword(e.currentTarget.value)}
          name="newPassword"
          label={t('reset.newPassword')}
          description={t('reset.policy')}
          autoComplete="new-password"
          autoFocus
          required
        />
        <PasswordInput
          visibilityToggleButtonProps={{ 'aria-label': t('common:actions.togglePassword') }}
          value={repeat}
          onChange={(e) => setRepeat(e.currentTarget.value)}
          name="repeatPassword"
          label={t('reset.repeatPassword')}
          autoComplete="new-password"
          error={isMismatch ? t('reset.mismatch') : undefined}
          required
        />
        <Button type="submit" disabled={!canSubmit} loading={isPending} fullWidth>
          {t('reset.submit')}
        </Button>
      </Stack>
    </form>
  );
}
