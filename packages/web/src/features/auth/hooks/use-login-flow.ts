import { useReducer } from 'react';
import type { TTokenResponse } from '@claimdesk/contracts';
import { ACCOUNT_DISABLED_DESCRIPTION, RESET_REQUIRED_DESCRIPTION } from '../../../lib/constants';
import { isHttpError } from '../../../lib/http-error';
import { serverFieldText } from '../../../lib/field-issue-text';
import { retryWait } from '../../../lib/retry-wait';
import { useCheckUser } from '../api/check-user';
import { useIssueToken } from '../api/issue-token';
import { useResetPassword } from '../api/reset-password';
import { initialLoginState, loginReducer, type TLoginMessage } from './login-machine';

const TOO_MANY = 429;

const failure = (error: unknown, key: string): TLoginMessage => {
  if (isHttpError(error) && error.status === TOO_MANY) {
    return { key: 'failed.tooMany', values: retryWait(error.retryAfter) };
  }
  if (!isHttpError(error) || error.status === 0 || error.status >= 500) return { key: 'failed.unavailable' };
  return { key };
};

/** Wires the server calls of each sign-in step to the state machine. */
export const useLoginFlow = (onSignedIn: (token: TTokenResponse) => Promise<void>) => {
  const [state, dispatch] = useReducer(loginReducer, initialLoginState);
  // Each failure becomes the sign-in form's own message (source, section 8), never a toast.
  const checkUser = useCheckUser({ mutationConfig: { meta: { handlesErrors: true } } });
  const issueToken = useIssueToken({ mutationConfig: { meta: { handlesErrors: true } } });
  const reset = useResetPassword({ mutationConfig: { meta: { handlesErrors: true } } });

  const submitEmail = (email: string) =>
    checkUser.mutate(email, {
      onSuccess: (answer) =>
        dispatch(
          answer.kind === 'otp'
            ? {
                type: 'CHECKED_OTP_USER',
                email,
                sending: { sentEarlier: answer.sentEarlier, newCodeAt: answer.newCodeAt },
              }
            : { type: 'CHECKED_PASSWORD_USER', email, tenantId: answer.tenantId },
        ),
      onError: (error) =>
        dispatch({
          type: 'FAILED',
          error:
            isHttpError(error) && error.status === 404
              ? { key: 'account.invalidUsername' }
              : failure(error, 'failed.unavailable'),
        }),
    });

  const submitPassword = (password: string) => {
    if (state.step !== 'password') return;
    issueToken.mutate(
      { request: { grant_type: 'password', username: state.email, password }, tenantId: state.tenantId },
      {
        onSuccess: (token) => void onSignedIn(token),
        onError: (error) => {
          if (isHttpError(error) && error.description === RESET_REQUIRED_DESCRIPTION) {
            dispatch({ type: 'RESET_REQUIRED', oldPassword: password });
          } else if (isHttpError(error) && error.description === ACCOUNT_DISABLED_DESCRIPTION) {
            dispatch({ type: 'FAILED', error: { key: 'failed.disabled' } });
          } else dispatch({ type: 'FAILED', error: failure(error, 'failed.password') });
        },
      },
    );
  };

  const submitOtp = (otp: string) => {
    if (state.step !== 'otp') return;
    issueToken.mutate(
      { request: { grant_type: 'otp', email: state.email, otp }, tenantId: null },
      {
        onSuccess: (token) => void onSignedIn(token),
        onError: (error) => dispatch({ type: 'FAILED', error: failure(error, 'failed.otp') }),
      },
    );
  };

  const submitReset = (password: string) => {
    if (state.step !== 'reset') return;
    reset.mutate(
      {
        request: { username: state.email, password, oldPassword: state.oldPassword },
        tenantId: state.tenantId,
      },
      {
        onSuccess: () => dispatch({ type: 'RESET_DONE' }),
        onError: (error) => {
          const reasons = isHttpError(error)
            ? Object.values(error.fieldErrors).length > 0
              ? Object.entries(error.fieldErrors).map(([field, message]) =>
                  serverFieldText(message, error.fieldIssues[field]),
                )
              : [error.message]
            : [];
          const base = failure(error, 'reset.failed');
          dispatch({
            type: 'FAILED',
            error: base.key === 'reset.failed' ? { ...base, details: reasons } : base,
          });
        },
      },
    );
  };

  return {
    state,
    back: () => dispatch({ type: 'BACK' }),
    edited: () => dispatch({ type: 'EDITED' }),
    submitEmail,
    submitPassword,
    submitOtp,
    submitReset,
    isPending: checkUser.isPending || issueToken.isPending || reset.isPending || issueToken.isSuccess,
  };
};
