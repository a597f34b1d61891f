import type { TCodeSending } from '../api/check-user';

/** The sign-in steps of source section 2/4 as a pure state machine. */
export interface TLoginMessage {
  key: string;
  values?: Record<string, string | number>;
  /** Extra lines shown under the message (the server's reasons of a failed reset). */
  details?: string[];
}

export type TLoginState =
  | { step: 'email'; email: string; error: TLoginMessage | null }
  | {
      step: 'password';
      email: string;
      tenantId: string;
      error: TLoginMessage | null;
      notice: TLoginMessage | null;
    }
  | { step: 'otp'; email: string; sending: TCodeSending; error: TLoginMessage | null }
  | { step: 'reset'; email: string; tenantId: string; oldPassword: string; error: TLoginMessage | null };

export type TLoginAction =
  | { type: 'CHECKED_PASSWORD_USER'; email: string; tenantId: string }
  | { type: 'CHECKED_OTP_USER'; email: string; sending: TCodeSending }
  | { type: 'RESET_REQUIRED'; oldPassword: string }
  | { type: 'RESET_DONE' }
  | { type: 'FAILED'; error: TLoginMessage }
  /** The person changed what the failed message was about: it no longer applies. */
  | { type: 'EDITED' }
  | { type: 'BACK' };

export const initialLoginState: TLoginState = { step: 'email', email: '', error: null };

export const loginReducer = (state: TLoginState, action: TLoginAction): TLoginState => {
  switch (action.type) {
    case 'CHECKED_PASSWORD_USER':
      return { step: 'password', email: action.email, tenantId: action.tenantId, error: null, notice: null };
    case 'CHECKED_OTP_USER':
      return { step: 'otp', email: action.email, sending: action.sending, error: null };
    case 'RESET_REQUIRED':
      if (state.step !== 'password') return state;
      return {
        step: 'reset',
        email: state.email,
        tenantId: state.tenantId,
        oldPassword: action.oldPassword,
        error: null,
      };
    case 'RESET_DONE':
      if (state.step !== 'reset') return state;
      return {
        step: 'password',
        email: state.email,
        tenantId: state.tenantId,
        error: null,
        notice: { key: 'reset.done' },
      };
    case 'FAILED':
      return { ...state, error: action.error };
    case 'EDITED':
      return state.error ? { ...state, error: null } : state;
    case 'BACK':
      return { step: 'email', email: state.email, error: null };
  }
};
