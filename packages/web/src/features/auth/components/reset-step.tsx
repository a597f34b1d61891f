import { Button, PasswordInput, Stack, Text } from '@mantine/core';
import { useState, type SyntheticEvent } from 'react';
import { useTranslation } from 'react-i18next';

interface Props {
  isPending: boolean;
  onSubmit: (password: string) => void;
  /** The words of another use of this form (a mailed link); the reset step's by default. */
  texts?: { title: string; intro: string; submit: string };
  /** The account's email, for the browser's password manager to save the new password under. */
  username?: string;
  /** Called as the person changes a password: a refusal of the one before no longer applies. */
  onEdit?: () => void;
}

/** New and repeat password; the repeat must equal the new one (source, section 5). */
export function ResetStep({ isPending, onSubmit, texts, username, onEdit }: Props) {
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
    <form onSubmit={submit} noValidate aria-label={texts?.title ?? t('reset.title')}>
      <Stack gap="md">
        {username !== undefined && (
          <input
            type="email"
            name="username"
            autoComplete="username"
            value={username}
            readOnly
            hidden
            aria-hidden
          />
        )}
        <Text size="sm" c="dimmed">
          {texts?.intro ?? t('reset.intro')}
        </Text>
        <PasswordInput
          visibilityToggleButtonProps={{ 'aria-label': t('common:actions.togglePassword') }}
          value={password}
          onChange={(e) => {
            setPassword(e.currentTarget.value);
            onEdit?.();
          }}
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
          onChange={(e) => {
            setRepeat(e.currentTarget.value);
            onEdit?.();
          }}
          name="repeatPassword"
          label={t('reset.repeatPassword')}
          autoComplete="new-password"
          error={isMismatch ? t('reset.mismatch') : undefined}
          required
        />
        <Button type="submit" disabled={!canSubmit} loading={isPending} fullWidth>
          {texts?.submit ?? t('reset.submit')}
        </Button>
      </Stack>
    </form>
  );
}
