import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { getSession } from '../../../lib/session';
import { json, mockFetch, text } from '../../../lib/testing/fetch-mock';
import { renderRoutes } from '../../../lib/testing/render';
import { makeToken } from '../../../lib/testing/tokens';
import { LoginRoute } from '../routes/login';

const MENU = [
  {
    key: 'claim',
    label: 'menu.claim',
    workFlow: 'claim',
    sub: [{ key: 'claim-open', label: 'menu.open', workFlow: 'warranty' }],
  },
];
const FEATURES = {
  draftClaim: true,
  supportClaim: true,
  claim: true,
  costReg: true,
  supplier: true,
  customer: true,
  statusClaim: true,
  statusCreditNote: true,
  statusCustomer: true,
  statusWareHouse: true,
};

const renderLogin = () =>
  renderRoutes(
    [
      { path: '/login', element: <LoginRoute /> },
      { path: '/cases/open/:wf', element: <p>cases page</p> },
      { path: '*', element: <p>elsewhere</p> },
    ],
    '/login',
  );

const configRoutes = {
  'GET /v2/api/settings/initial-properties/json-config/menu': () => json(200, MENU),
  'GET /v2/api/settings/initial-properties/json-config/feature': () => json(200, FEATURES),
};

const enterEmail = async (email: string) => {
  const user = userEvent.setup();
  const next = screen.getByRole('button', { name: 'Next' });
  expect(next).toBeDisabled();
  await user.type(screen.getByLabelText(/Email/), email);
  return { user, next };
};

describe('[LOGIN] sign-in steps', () => {
  it('keeps Next disabled until the email is valid', async () => {
    mockFetch({});
    renderLogin();
    const { user, next } = await enterEmail('not-an-email');
    expect(next).toBeDisabled();
    await user.type(screen.getByLabelText(/Email/), '@store.test');
    expect(next).toBeEnabled();
  });

  it('says how long to wait after too many attempts in minutes, not seconds', async () => {
    mockFetch({
      'POST /v2/api/stores/check-user': () =>
        json(429, { code: 'TOO_MANY_REQUESTS', message: 'Too many' }, { 'Retry-After': '893' }),
    });
    renderLogin();
    const { user } = await enterEmail('admin@demo-store.test');
    await user.keyboard('{Enter}');
    expect(await screen.findByText('Too many attempts. Try again in 15 minutes.')).toBeInTheDocument();
  });

  it('shows account.invalidUsername for an unknown email', async () => {
    mockFetch({
      'POST /v2/api/stores/check-user': () => json(404, { code: 'UNKNOWN_USER', message: 'Unknown' }),
    });
    renderLogin();
    const { user } = await enterEmail('nobody@x.test');
    await user.keyboard('{Enter}');
    expect(
      await screen.findByText('We could not find an account with this email address.'),
    ).toBeInTheDocument();
  });

  it('signs in with a password, sends the tenant and basic client headers, and opens the first sub-item workflow', async () => {
    const token = makeToken();
    const calls = mockFetch({
      'POST /v2/api/stores/check-user': () => text(200, 'demo-store'),
      'POST /v2/oauth/token': () =>
        json(200, { token_type: 'bearer', access_token: token, store_name: 'demo-store' }),
      ...configRoutes,
    });
    const { router } = renderLogin();
    const { user } = await enterEmail('admin@demo-store.test');
    await user.keyboard('{Enter}');
    expect(calls[0]?.body).toBe('admin@demo-store.test');
    const submit = await screen.findByRole('button', { name: 'Sign in' });
    expect(submit).toBeDisabled();
    await user.type(screen.getByLabelText(/Password/), 'Demo-1234!{Enter}');
    await waitFor(() => expect(router.state.location.pathname).toBe('/cases/open/warranty'));
    const tokenCall = calls.find((c) => c.url === '/v2/oauth/token');
    expect(tokenCall?.headers.get('X-TENANT-ID')).toBe('demo-store');
    expect(tokenCall?.headers.get('Authorization')).toBe(`Basic ${btoa('claimdesk-web:claimdesk-web')}`);
    expect(String(tokenCall?.body)).toBe(
      'grant_type=password&username=admin%40demo-store.test&password=Demo-1234%21',
    );
    expect(getSession().identity).toMatchObject({
      email: 'admin@demo-store.test',
      tenantId: 'demo-store',
      authorities: ['ADMIN_USER'],
    });
  });

  it('shows the source text for a wrong password', async () => {
    mockFetch({
      'POST /v2/api/stores/check-user': () => text(200, 'demo-store'),
      'POST /v2/oauth/token': () =>
        json(401, { error: 'invalid_grant', error_description: 'Bad credentials' }),
    });
    renderLogin();
    const { user } = await enterEmail('admin@demo-store.test');
    await user.keyboard('{Enter}');
    await user.type(await screen.findByLabelText(/Password/), 'wrong{Enter}');
    expect(
      await screen.findByText('Login Failed! Email / Password combination is invalid, please try again.'),
    ).toBeInTheDocument();
  });

  it('switches to the reset step, checks the repeat password, and returns to the password step', async () => {
    const calls = mockFetch({
      'POST /v2/api/stores/check-user': () => text(200, 'demo-store'),
      'POST /v2/oauth/token': () =>
        json(400, { error: 'invalid_grant', error_description: 'Required to reset password' }),
      'PUT /v2/api/users/reset-password': () => json(200, { message: 'ok' }),
    });
    renderLogin();
    const { user } = await enterEmail('reset@demo-store.test');
    await user.keyboard('{Enter}');
    await user.type(await screen.findByLabelText(/Password/), 'Demo-1234!{Enter}');
    const newPassword = await screen.findByLabelText(/New password/);
    await user.type(newPassword, 'Better-5678');
    await user.type(screen.getByLabelText(/Repeat password/), 'Better-567');
    expect(screen.getByText('The password confirmation does not match')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Save new password' })).toBeDisabled();
    await user.type(screen.getByLabelText(/Repeat password/), '8{Enter}');
    expect(
      await screen.findByText('Your password was changed. Sign in with your new password.'),
    ).toBeInTheDocument();
    expect(screen.getByLabelText(/Password/)).toHaveValue('');
    const resetCall = calls.find((c) => c.url === '/v2/api/users/reset-password');
    expect(JSON.parse(String(resetCall?.body))).toEqual({
      username: 'reset@demo-store.test',
      password: 'Better-5678',
      oldPassword: 'Demo-1234!',
    });
    expect(resetCall?.headers.get('X-TENANT-ID')).toBe('demo-store');
  });

  it('lists the reasons of a failed reset after the source text', async () => {
    mockFetch({
      'POST /v2/api/stores/check-user': () => text(200, 'demo-store'),
      'POST /v2/oauth/token': () =>
        json(400, { error: 'invalid_grant', error_description: 'Required to reset password' }),
      'PUT /v2/api/users/reset-password': () =>
        json(400, {
          code: 'VALIDATION_FAILED',
          message: 'Invalid',
          fieldErrors: { password: 'Must contain a digit' },
          fieldIssues: { password: { code: 'needs_digit' } },
        }),
    });
    renderLogin();
    const { user } = await enterEmail('reset@demo-store.test');
    await user.keyboard('{Enter}');
    await user.type(await screen.findByLabelText(/Password/), 'Demo-1234!{Enter}');
    await user.type(await screen.findByLabelText(/New password/), 'abcdefgh');
    await user.type(screen.getByLabelText(/Repeat password/), 'abcdefgh{Enter}');
    const alert = await screen.findByTestId('login-error');
    expect(alert).toHaveTextContent('Password Reset Failed!');
    expect(alert).toHaveTextContent('Must contain a digit');
    // Typing a new one: the refusal of the last one no longer applies.
    await user.clear(screen.getByLabelText(/New password/));
    await user.type(screen.getByLabelText(/New password/), 'abcdefgh1');
    expect(screen.queryByTestId('login-error')).toBeNull();
  });

  it('signs in with a one-time code without a tenant header', async () => {
    const token = makeToken({ user_name: 'contact@supplier.test', grant_type: 'otp', authorities: [] });
    const calls = mockFetch({
      'POST /v2/api/stores/check-user': () => text(200, 'otp'),
      'POST /v2/oauth/token': () =>
        json(200, { token_type: 'bearer', access_token: token, store_name: 'demo-store' }),
      'GET /assets/config/menu-lite.json': () => json(200, MENU),
    });
    const { router } = renderLogin();
    const { user } = await enterEmail('contact@supplier.test');
    await user.keyboard('{Enter}');
    await user.type(await screen.findByLabelText(/One-time code/), '123456{Enter}');
    await waitFor(() => expect(router.state.location.pathname).toBe('/cases/open/warranty'));
    const tokenCall = calls.find((c) => c.url === '/v2/oauth/token');
    expect(tokenCall?.headers.has('X-TENANT-ID')).toBe(false);
    expect(String(tokenCall?.body)).toBe('grant_type=otp&email=contact%40supplier.test&otp=123456');
  });

  it('says when a code asked for again was held back, and counts down to a new one', async () => {
    let asked = 0;
    const otpAnswer = (sent: string, inSeconds: number) =>
      new Response('otp', {
        status: 200,
        headers: { 'Content-Type': 'text/plain', 'X-Code-Sent': sent, 'X-New-Code-In': String(inSeconds) },
      });
    const calls = mockFetch({
      'POST /v2/api/stores/check-user': () => {
        asked += 1;
        return asked === 1 ? otpAnswer('earlier', 2) : otpAnswer('now', 30);
      },
    });
    renderLogin();
    const { user } = await enterEmail('contact@supplier.test');
    await user.keyboard('{Enter}');
    expect(
      await screen.findByText(
        'We sent a code to contact@supplier.test less than a minute ago. It is still valid: use that one.',
      ),
    ).toBeInTheDocument();
    const newCode = screen.getByRole('button', { name: 'Send a new code' });
    expect(newCode).toBeDisabled();
    expect(screen.getByTestId('new-code-wait')).toHaveTextContent(
      /You can ask for a new code in [12] seconds?\./,
    );
    // The wait the server gave is over: the button asks again for the same address.
    await waitFor(() => expect(newCode).toBeEnabled(), { timeout: 4000 });
    expect(screen.queryByTestId('new-code-wait')).toBeNull();
    await user.click(newCode);
    expect(
      await screen.findByText('We sent a 6-digit code to contact@supplier.test. It is valid for 10 minutes.'),
    ).toBeInTheDocument();
    expect(calls.filter((c) => c.url === '/v2/api/stores/check-user').map((c) => String(c.body))).toEqual([
      'contact@supplier.test',
      'contact@supplier.test',
    ]);
    expect(screen.getByTestId('new-code-wait')).toHaveTextContent(
      'You can ask for a new code in 30 seconds.',
    );
  });

  it('shows the source text for a wrong one-time code', async () => {
    mockFetch({
      'POST /v2/api/stores/check-user': () => text(200, 'otp'),
      'POST /v2/oauth/token': () => json(400, { error: 'invalid_grant', error_description: 'Bad code' }),
    });
    renderLogin();
    const { user } = await enterEmail('contact@supplier.test');
    await user.keyboard('{Enter}');
    await user.type(await screen.findByLabelText(/One-time code/), '000000{Enter}');
    expect(await screen.findByText('Login Failed! OTP is invalid, please try again.')).toBeInTheDocument();
  });
});
