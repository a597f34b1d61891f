import { useState } from 'react';
import { Navigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { isSessionValid, useSession } from '../../../lib/session';
import { AuthCard } from '../components/auth-card';
import { EmailStep } from '../components/email-step';
import { ForgotStep } from '../components/forgot-step';
import { LoginMessage } from '../components/login-message';
import { OtpStep } from '../components/otp-step';
import { PasswordStep } from '../components/password-step';
import { ResetStep } from '../components/reset-step';
import { StepHeader } from '../components/step-header';
import { useFinishSignIn } from '../hooks/use-finish-sign-in';
import { useLoginFlow } from '../hooks/use-login-flow';
import { useDocumentTitle } from '../../../lib/use-document-title';

export function LoginRoute() {
  const { t } = useTranslation('login');
  useDocumentTitle(t('email.title'));
  const session = useSession();
  const flow = useLoginFlow(useFinishSignIn());
  const { state } = flow;
  // "Forgot password?" opens over the password step and goes back to it.
  const [isForgotOpen, setForgotOpen] = useState(false);

  if (isSessionValid(session) && !flow.isPending) return <Navigate to="/" replace />;

  if (isForgotOpen && state.step === 'password') {
    return (
      <AuthCard title={t('forgot.title')} subtitle={t('forgot.subtitle')}>
        <ForgotStep defaultEmail={state.email} onBack={() => setForgotOpen(false)} />
      </AuthCard>
    );
  }

  return (
    <AuthCard title={t(`${state.step}.title`)} subtitle={t(`${state.step}.subtitle`)}>
      {state.step !== 'email' && <StepHeader email={state.email} onBack={flow.back} />}
      <LoginMessage message={state.error} tone="error" />
      {state.step === 'password' && <LoginMessage message={state.notice} tone="success" />}
      {state.step === 'email' && (
        <EmailStep defaultEmail={state.email} isPending={flow.isPending} onSubmit={flow.submitEmail} />
      )}
      {state.step === 'password' && (
        <PasswordStep
          isPending={flow.isPending}
          onSubmit={flow.submitPassword}
          onForgot={() => setForgotOpen(true)}
        />
      )}
      {state.step === 'otp' && (
        <OtpStep
          email={state.email}
          sending={state.sending}
          isPending={flow.isPending}
          onSubmit={flow.submitOtp}
          onNewCode={() => flow.submitEmail(state.email)}
        />
      )}
      {state.step === 'reset' && (
        <ResetStep isPending={flow.isPending} onSubmit={flow.submitReset} onEdit={flow.edited} />
      )}
    </AuthCard>
  );
}
