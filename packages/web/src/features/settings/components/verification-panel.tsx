import { Alert, Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { IconMailQuestion } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { ZVerifyMailboxRequest, type TMailbox, type TVerifyMailboxRequest } from '@claimdesk/contracts';
import { isHttpError } from '../../../lib/http-error';
import { notifySuccess } from '../../../lib/notify';
import { useSendMailboxVerification } from '../api/send-mailbox-verification';
import { useVerifyMailbox } from '../api/verify-mailbox';
import { mailboxResolver } from '../lib/field-text';
import { formatTime } from '../lib/format-time';
import { notifyRefusal, refusalText } from '../lib/refusal';
import { errorTextClass } from '../../../components/ui/error-text';

/** The server lets a new code be mailed once a minute per mailbox. */
const RESEND_PAUSE_MS = 60_000;

/** Whole seconds until `at` (0 once past), ticking while above 0. */
const useSecondsUntil = (at: number | null) => {
  const [now, setNow] = useState(() => Date.now());
  const seconds = at === null ? 0 : Math.max(0, Math.ceil((at - now) / 1000));
  useEffect(() => {
    if (seconds <= 0) return;
    const timer = setTimeout(() => setNow(Date.now()), 1000);
    return () => clearTimeout(timer);
  }, [seconds, now]);
  return seconds;
};

/**
 * The address proof of a new mailbox: type the code mailed to it, or ask for it again. A forward
 * mailbox is also proven when the confirmation mail comes back through the forward; the list is
 * polled meanwhile, so this panel goes away by itself then.
 */
export function VerificationPanel({ mailbox }: { mailbox: TMailbox }) {
  const { t, i18n } = useTranslation('mailConfig');
  const [canResendAt, setCanResendAt] = useState<number | null>(null);
  const sentAt = mailbox.verificationSentAt ? Date.parse(mailbox.verificationSentAt) : null;
  const seconds = useSecondsUntil(canResendAt ?? (sentAt === null ? null : sentAt + RESEND_PAUSE_MS));
  const [refusal, setRefusal] = useState<string | null>(null);
  const resend = useSendMailboxVerification({ mutationConfig: { meta: { handlesErrors: true } } });
  // The toast is the hook's: once the refreshed list says the mailbox is proven, this panel is
  // gone, and with it any callback given to mutate().
  const verify = useVerifyMailbox({
    mutationConfig: {
      meta: { handlesErrors: true },
      onSuccess: (proven) => notifySuccess(t('proof.proven', { address: proven.address })),
    },
  });
  const { register, handleSubmit, formState, setError } = useForm<TVerifyMailboxRequest>({
    resolver: mailboxResolver<TVerifyMailboxRequest>(ZVerifyMailboxRequest),
    defaultValues: { code: '' },
  });

  const onResend = () => {
    setRefusal(null);
    resend.mutate(mailbox.id, {
      onSuccess: (sent) => {
        setCanResendAt(Date.parse(sent.canResendAt));
        notifySuccess(t('proof.resent', { address: sent.sentTo }));
      },
      onError: (error) => {
        if (isHttpError(error) && error.retryAfter) setCanResendAt(Date.now() + error.retryAfter * 1000);
        notifyRefusal(error);
      },
    });
  };

  const onSubmit = handleSubmit(({ code }) => {
    setRefusal(null);
    verify.mutate(
      { id: mailbox.id, code },
      {
        onError: (error) => {
          const onField = isHttpError(error) && error.status === 400 ? error.fieldErrors.code : undefined;
          // A wrong code is marked on the field; too many tries or an expired code needs a new
          // one, which the server's message says in full.
          if (onField) setError('code', { type: 'server', message: onField });
          else setRefusal(refusalText(error, [409, 429]));
        },
      },
    );
  });

  return (
    <Alert
      color="yellow"
      variant="light"
      icon={<IconMailQuestion size={20} aria-hidden />}
      title={t('proof.title')}
      data-testid="verification-panel"
      // The light yellow alert's own title colour is too faint to read (axe: colour contrast).
      styles={{ body: { minWidth: 0 }, title: { color: 'var(--mantine-color-text)' } }}
    >
      <Stack gap="xs">
        <Text size="sm">{t('proof.why', { address: mailbox.address })}</Text>
        <Text size="sm">
          {mailbox.verificationSentAt
            ? t('proof.sent', {
                address: mailbox.address,
                time: formatTime(mailbox.verificationSentAt, i18n.language),
              })
            : t('proof.none', { address: mailbox.address })}
        </Text>
        {mailbox.kind === 'forward' && (
          <Text size="sm" c="dimmed">
            {t('proof.byForward')}
          </Text>
        )}
        <form onSubmit={(e) => void onSubmit(e)} noValidate>
          <Stack gap="xs">
            <TextInput
              {...register('code')}
              label={t('proof.code')}
              description={t('proof.codeHint')}
              error={formState.errors.code?.message}
              autoComplete="one-time-code"
              w="100%"
              maw={260}
            />
            {refusal && (
              <Text size="sm" className={errorTextClass} role="alert">
                {refusal}
              </Text>
            )}
            <Group gap="xs">
              <Button type="submit" size="sm" loading={verify.isPending}>
                {t('proof.confirm')}
              </Button>
              <Button
                variant="default"
                size="sm"
                // Long in some languages: it wraps in a narrow card rather than being cut off.
                h="auto"
                mih={36}
                py={4}
                styles={{ label: { whiteSpace: 'normal', textAlign: 'center' } }}
                onClick={onResend}
                loading={resend.isPending}
                disabled={seconds > 0}
              >
                {seconds > 0 ? t('proof.resendIn', { seconds }) : t('proof.resend')}
              </Button>
            </Group>
          </Stack>
        </form>
      </Stack>
    </Alert>
  );
}
