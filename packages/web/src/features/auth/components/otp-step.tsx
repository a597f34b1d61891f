import { Button, Stack, Text, TextInput } from '@mantine/core';
import { useState, type SyntheticEvent } from 'react';
import { useTranslation } from 'react-i18next';

interface Props {
  email: string;
  isPending: boolean;
  onSubmit: (otp: string) => void;
}

export function OtpStep({ email, isPending, onSubmit }: Props) {
  const { t } = useTranslation('login');
  const [otp, setOtp] = useState('');
  const code = otp.trim();
  const submit = (e: SyntheticEvent) => {
    e.preventDefault();
    if (code.length > 0 && !isPending) onSubmit(code);
  };
  return (
    <form onSubmit={submit} noValidate aria-label={t('otp.title')}>
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          {t('otp.sent', { email })}
        </Text>
        <TextInput
          value={otp}
          onChange={(e) => setOtp(e.currentTarget.value)}
          name="otp"
          label={t('otp.label')}
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={12}
          autoFocus
          required
        />
        <Button type="submit" disabled={code.length === 0} loading={isPending} fullWidth>
          {t('otp.submit')}
        </Button>
      </Stack>
    </form>
  );
}
