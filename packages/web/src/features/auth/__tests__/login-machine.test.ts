import { describe, expect, it } from 'vitest';
import { initialLoginState, loginReducer } from '../hooks/login-machine';

describe('login state machine', () => {
  it('goes from the email step to the password step with the tenant id', () => {
    const s = loginReducer(initialLoginState, {
      type: 'CHECKED_PASSWORD_USER',
      email: 'a@b.test',
      tenantId: 'demo-store',
    });
    expect(s).toMatchObject({ step: 'password', email: 'a@b.test', tenantId: 'demo-store', error: null });
  });

  it('goes to the one-time-code step for an otp answer', () => {
    const sending = { sentEarlier: false, newCodeAt: 30_000 };
    expect(
      loginReducer(initialLoginState, { type: 'CHECKED_OTP_USER', email: 'c@s.test', sending }),
    ).toMatchObject({ step: 'otp', sending });
  });

  it('keeps the old password on the reset step and returns to the password step after a reset', () => {
    const pw = loginReducer(initialLoginState, {
      type: 'CHECKED_PASSWORD_USER',
      email: 'r@d.test',
      tenantId: 'demo-store',
    });
    const reset = loginReducer(pw, { type: 'RESET_REQUIRED', oldPassword: 'Old-1234!' });
    expect(reset).toMatchObject({ step: 'reset', oldPassword: 'Old-1234!', tenantId: 'demo-store' });
    const back = loginReducer(reset, { type: 'RESET_DONE' });
    expect(back).toMatchObject({ step: 'password', email: 'r@d.test', notice: { key: 'reset.done' } });
  });

  it('ignores a reset request outside the password step', () => {
    expect(loginReducer(initialLoginState, { type: 'RESET_REQUIRED', oldPassword: 'x' })).toBe(
      initialLoginState,
    );
  });

  it('back returns to the email step keeping the email', () => {
    const otp = loginReducer(initialLoginState, {
      type: 'CHECKED_OTP_USER',
      email: 'c@s.test',
      sending: { sentEarlier: false, newCodeAt: 0 },
    });
    expect(loginReducer(otp, { type: 'BACK' })).toEqual({ step: 'email', email: 'c@s.test', error: null });
  });
});
