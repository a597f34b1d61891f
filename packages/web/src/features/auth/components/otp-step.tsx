import { Button, Stack, Text, TextInput } from '@mantine/core';
import { useEffect, useState, type SyntheticEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { TCodeSending } from '../api/check-user';

interface Props {
  email: string;
  sending: TCodeSending;
  isPending: boolean;
  onSubmit: (otp: string) => void;
  /** Asks for a new code (the first step again, for the same address). */
  onNewCode: () => void;
}

/**
 * Asks for a new code once the server allows it, counting the seconds down till then (keyed by
 * the time, so a new code starts a new count).
 */
function NewCodeButton({ at, disabled, onClick }: { at: number; disabled: boolean; onClick: () => void }) {
  const { t } = useTranslation('login');
  const left = () => Math.max(0, Math.ceil((at - Date.now()) / 1000));
  const [seconds, setSeconds] = useState(left);
  useEffect(() => {
    const timer = setInterval(() => {
      const now = Math.max(0, Math.ceil((at - Date.now()) / 1000));
      setSeconds(now);
      if (now === 0) clearInterval(timer);
    }, 1000);
    return () => clearInterval(timer);
  }, [at]);
  return (
    <Stack gap={4} align="center">
      <Button variant="subtle" size="compact-sm" disabled={seconds > 0 || disabled} onClick={onClick}>
        {t('otp.newCode')}
      </Button>
      {seconds > 0 && (
        <Text size="xs" c="dimmed" data-testid="new-code-wait">
          {t('otp.newCodeIn', { count: seconds })}
        </Text>
      )}
    </Stack>
  );
}

export function OtpStep({ email, sending, isPending, onSubmit, onNewCode }: Props) {
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
        <Text size="sm" c="dimmed" role="status">
          {t(sending.sentEarlier ? 'otp.sentEarlier' : 'otp.sent', { email })}
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
        <NewCodeButton
          key={sending.newCodeAt}
          at={sending.newCodeAt}
          disabled={isPending}
          onClick={onNewCode}
        />
      </Stack>
    </form>
  );
}
