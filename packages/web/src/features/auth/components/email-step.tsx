import { Button, Stack, TextInput } from '@mantine/core';
import { useState, type SyntheticEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { isValidEmail, normalizeEmail } from '../../../lib/email';

interface Props {
  defaultEmail: string;
  isPending: boolean;
  onSubmit: (email: string) => void;
}

/** Step one: the email; Next stays disabled until it is a valid email (source, section 5). */
export function EmailStep({ defaultEmail, isPending, onSubmit }: Props) {
  const { t } = useTranslation('login');
  const [email, setEmail] = useState(defaultEmail);
  const isValid = isValidEmail(email);
  const submit = (e: SyntheticEvent) => {
    e.preventDefault();
    if (isValid && !isPending) onSubmit(normalizeEmail(email));
  };
  return (
    <form onSubmit={submit} noValidate aria-label={t('email.title')}>
      <Stack gap="md">
        <TextInput
          value={email}
          onChange={(e) => setEmail(e.currentTarget.value)}
          name="email"
          type="email"
          label={t('email.label')}
          placeholder={t('email.placeholder')}
          autoComplete="username"
          autoFocus
          required
        />
        <Button type="submit" disabled={!isValid} loading={isPending} fullWidth>
          {t('email.next')}
        </Button>
      </Stack>
    </form>
  );
}
