import { Button, Stack, Text, TextInput } from '@mantine/core';
import { useState, type SyntheticEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { isHttpError } from '../../../lib/http-error';
import { isValidEmail, normalizeEmail } from '../../../lib/email';
import { useForgotPassword } from '../api/forgot-password';
import type { TLoginMessage } from '../hooks/login-machine';
import { LoginMessage } from './login-message';

/**
 * "Forgot password?": asks for the address (the one typed before) and always answers the same
 * words, whether or not it has an account; the server mails a link when it has one.
 */
export function ForgotStep({ defaultEmail, onBack }: { defaultEmail: string; onBack: () => void }) {
  const { t } = useTranslation('login');
  const [email, setEmail] = useState(defaultEmail);
  const [isSent, setSent] = useState(false);
  const [error, setError] = useState<TLoginMessage | null>(null);
  const request = useForgotPassword({ mutationConfig: { meta: { handlesErrors: true } } });
  const isValid = isValidEmail(email);
  const submit = (e: SyntheticEvent) => {
    e.preventDefault();
    if (!isValid || request.isPending) return;
    setError(null);
    request.mutate(normalizeEmail(email), {
      onSuccess: () => setSent(true),
      onError: (failure) =>
        setError({
          key: isHttpError(failure) && failure.status === 429 ? 'forgot.tooMany' : 'failed.unavailable',
        }),
    });
  };
  if (isSent) {
    return (
      <Stack gap="md">
        <LoginMessage message={{ key: 'forgot.sent' }} tone="success" />
        <Text size="sm" c="dimmed">
          {t('forgot.sentHint')}
        </Text>
        <Button variant="default" onClick={onBack} fullWidth>
          {t('forgot.back')}
        </Button>
      </Stack>
    );
  }
  return (
    <form onSubmit={submit} noValidate aria-label={t('forgot.title')}>
      <Stack gap="md">
        <LoginMessage message={error} tone="error" />
        <TextInput
          value={email}
          onChange={(e) => setEmail(e.currentTarget.value)}
          name="email"
          type="email"
          label={t('email.label')}
          autoComplete="username"
          autoFocus
          required
        />
        <Button type="submit" disabled={!isValid} loading={request.isPending} fullWidth>
          {t('forgot.submit')}
        </Button>
        <Button variant="subtle" onClick={onBack} fullWidth>
          {t('forgot.back')}
        </Button>
      </Stack>
    </form>
  );
}
