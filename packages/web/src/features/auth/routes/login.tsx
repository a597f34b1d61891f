import { Box, Center, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { Navigate, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { TLanguage, TTokenResponse } from '@claimdesk/contracts';
import { BrandMark } from '../../../components/ui/brand-mark';
import { LanguagePicker } from '../../../components/ui/language-picker';
import { changeLanguage } from '../../../lib/i18n';
import { casesPath, postLoginWorkflow, visibleMenu } from '../../../lib/menu-rules';
import { isSessionValid, startSession, storeFeatureConfig, useSession } from '../../../lib/session';
import { EmailStep } from '../components/email-step';
import { LoginMessage } from '../components/login-message';
import { OtpStep } from '../components/otp-step';
import { PasswordStep } from '../components/password-step';
import { ResetStep } from '../components/reset-step';
import { StepHeader } from '../components/step-header';
import { useLoginFlow } from '../hooks/use-login-flow';
import classes from './login.module.css';
import { useDocumentTitle } from '../../../lib/use-document-title';

export function LoginRoute() {
  const { t, i18n } = useTranslation('login');
  useDocumentTitle(t('email.title'));
  const navigate = useNavigate();
  const session = useSession();

  const onSignedIn = async (token: TTokenResponse) => {
    const identity = startSession(token.access_token, token.store_name);
    if (!identity) return;
    // Loaded after sign-in only, so the configuration schemas stay out of the sign-in page.
    const { loadJsonConfig } = await import('../../../lib/config');
    const [menu, features] = await Promise.all([
      loadJsonConfig('menu', identity.grantType).catch(() => []),
      loadJsonConfig('feature', identity.grantType),
    ]);
    storeFeatureConfig(features);
    void navigate(casesPath(postLoginWorkflow(visibleMenu(menu, features, identity.authorities))), {
      replace: true,
    });
  };
  const flow = useLoginFlow(onSignedIn);
  const { state } = flow;

  if (isSessionValid(session) && !flow.isPending) return <Navigate to="/" replace />;

  return (
    <Box className={classes.page}>
      <Group justify="space-between" p="md" className={classes.top}>
        <BrandMark />
        <LanguagePicker value={i18n.language as TLanguage} onChange={(lng) => void changeLanguage(lng)} />
      </Group>
      <Center component="main" className={classes.main}>
        <Paper withBorder shadow="md" radius="lg" p="xl" className={classes.card}>
          <Stack gap="lg">
            <div>
              <Title order={1} size="h2">
                {t(`${state.step}.title`)}
              </Title>
              <Text c="dimmed" size="sm" mt={4}>
                {t(`${state.step}.subtitle`)}
              </Text>
            </div>
            {state.step !== 'email' && <StepHeader email={state.email} onBack={flow.back} />}
            <LoginMessage message={state.error} tone="error" />
            {state.step === 'password' && <LoginMessage message={state.notice} tone="success" />}
            {state.step === 'email' && (
              <EmailStep defaultEmail={state.email} isPending={flow.isPending} onSubmit={flow.submitEmail} />
            )}
            {state.step === 'password' && (
              <PasswordStep isPending={flow.isPending} onSubmit={flow.submitPassword} />
            )}
            {state.step === 'otp' && (
              <OtpStep email={state.email} isPending={flow.isPending} onSubmit={flow.submitOtp} />
            )}
            {state.step === 'reset' && <ResetStep isPending={flow.isPending} onSubmit={flow.submitReset} />}
          </Stack>
        </Paper>
      </Center>
    </Box>
  );
}
