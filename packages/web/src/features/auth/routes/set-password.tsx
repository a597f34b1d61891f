import { Button, Center, Loader, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { isHttpError } from '../../../lib/http-error';
import { serverFieldText } from '../../../lib/field-issue-text';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useIssueToken } from '../api/issue-token';
import { usePasswordLink } from '../api/password-link';
import { useSetPasswordWithLink } from '../api/set-password';
import { AuthCard } from '../components/auth-card';
import { LoginMessage } from '../components/login-message';
import { ResetStep } from '../components/reset-step';
import type { TLoginMessage } from '../hooks/login-machine';
import { useFinishSignIn } from '../hooks/use-finish-sign-in';

/**
 * The page a mailed link opens (/login/set-password?store=&token=): after "Forgot password?" or
 * an invitation, the person chooses a password and is signed in with it.
 */
export function SetPasswordRoute() {
  const { t } = useTranslation('login');
  const [params] = useSearchParams();
  const link = { store: params.get('store') ?? '', token: params.get('token') ?? '' };
  const isComplete = link.store.length > 0 && link.token.length > 0;
  const described = usePasswordLink(link);
  const kind = described.data?.kind ?? 'reset';
  useDocumentTitle(t(`setPassword.${kind}.title`));
  const finishSignIn = useFinishSignIn();
  const save = useSetPasswordWithLink({ mutationConfig: { meta: { handlesErrors: true } } });
  const signIn = useIssueToken({ mutationConfig: { meta: { handlesErrors: true } } });
  const [error, setError] = useState<TLoginMessage | null>(null);
  const [isGone, setGone] = useState(false);

  const isLinkGone =
    !isComplete ||
    isGone ||
    (described.isError && isHttpError(described.error) && described.error.status < 500);
  if (isLinkGone) {
    return (
      <AuthCard title={t('setPassword.gone.title')} subtitle={t('setPassword.gone.subtitle')}>
        <Button component={Link} to="/login" fullWidth>
          {t('setPassword.toSignIn')}
        </Button>
      </AuthCard>
    );
  }
  if (!described.data) {
    return (
      <AuthCard title={t('setPassword.loading')} subtitle="">
        {described.isError ? (
          <LoginMessage message={{ key: 'failed.unavailable' }} tone="error" />
        ) : (
          <Center py="md">
            <Loader aria-label={t('setPassword.loading')} />
          </Center>
        )}
      </AuthCard>
    );
  }

  const who = described.data;
  const onSubmit = (password: string) => {
    setError(null);
    save.mutate(
      { store: link.store, request: { token: link.token, password } },
      {
        onSuccess: ({ username }) =>
          signIn.mutate(
            { request: { grant_type: 'password', username, password }, tenantId: link.store },
            {
              onSuccess: (token) => void finishSignIn(token),
              onError: () => setError({ key: 'setPassword.signInFailed' }),
            },
          ),
        onError: (failure) => {
          if (isHttpError(failure) && failure.status === 404) {
            setGone(true);
            return;
          }
          const reasons =
            isHttpError(failure) && failure.status === 400
              ? Object.entries(failure.fieldErrors).map(([field, message]) =>
                  serverFieldText(message, failure.fieldIssues[field]),
                )
              : [];
          setError(
            reasons.length > 0 ? { key: 'reset.failed', details: reasons } : { key: 'failed.unavailable' },
          );
        },
      },
    );
  };

  return (
    <AuthCard
      title={t(`setPassword.${kind}.title`, { store: who.storeName })}
      subtitle={t(`setPassword.${kind}.subtitle`, { store: who.storeName })}
    >
      <Stack gap={2}>
        <Text size="xs" c="dimmed">
          {t('email.label')}
        </Text>
        <Text size="sm" fw={500} data-testid="login-email">
          {who.username}
        </Text>
      </Stack>
      <LoginMessage message={error} tone="error" />
      <ResetStep
        username={who.username}
        isPending={save.isPending || signIn.isPending || signIn.isSuccess}
        onSubmit={onSubmit}
        texts={{
          title: t(`setPassword.${kind}.title`, { store: who.storeName }),
          intro: t('setPassword.intro'),
          submit: t(`setPassword.${kind}.submit`),
        }}
      />
    </AuthCard>
  );
}
