import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { getSession } from '../../../lib/session';
import { json, mockFetch, text } from '../../../lib/testing/fetch-mock';
import { renderRoutes } from '../../../lib/testing/render';
import { makeToken } from '../../../lib/testing/tokens';
import { LoginRoute } from '../routes/login';
import { SetPasswordRoute } from '../routes/set-password';

const NEUTRAL = 'If an account exists for this address, we sent a link to set a new password.';
const configRoutes = {
  'GET /v2/api/settings/initial-properties/json-config/menu': () =>
    json(200, [{ key: 'claim', label: 'menu.claim', workFlow: 'claim' }]),
  'GET /v2/api/settings/initial-properties/json-config/feature': () => json(200, { claim: true }),
};

const renderAt = (path: string) =>
  renderRoutes(
    [
      { path: '/login', element: <LoginRoute /> },
      { path: '/login/set-password', element: <SetPasswordRoute /> },
      { path: '/cases/open/:wf', element: <p>cases page</p> },
      { path: '*', element: <p>elsewhere</p> },
    ],
    path,
  );

describe('[LOGIN] forgot password', () => {
  it('asks for the address typed before and shows the neutral answer', async () => {
    const calls = mockFetch({
      'POST /v2/api/stores/check-user': () => text(200, 'demo-store'),
      'POST /v2/api/users/forgot-password': () => json(202, { message: 'neutral' }),
    });
    renderAt('/login');
    const user = userEvent.setup();
    await user.type(screen.getByLabelText(/Email/), 'kim@demo-store.test{Enter}');
    await user.click(await screen.findByRole('button', { name: 'Forgot password?' }));
    expect(screen.getByRole('heading', { name: 'Forgot your password?' })).toBeInTheDocument();
    expect(screen.getByLabelText(/Email/)).toHaveValue('kim@demo-store.test');
    await user.click(screen.getByRole('button', { name: 'Send link' }));
    expect(await screen.findByText(NEUTRAL)).toBeInTheDocument();
    const asked = calls.find((c) => c.url === '/v2/api/users/forgot-password');
    expect(JSON.parse(String(asked?.body))).toEqual({ email: 'kim@demo-store.test' });
    expect(asked?.headers.has('X-TENANT-ID')).toBe(false);
    await user.click(screen.getByRole('button', { name: 'Back to sign in' }));
    expect(await screen.findByLabelText(/Password/)).toBeInTheDocument();
  });

  it('says when too many links were asked for', async () => {
    mockFetch({
      'POST /v2/api/stores/check-user': () => text(200, 'demo-store'),
      'POST /v2/api/users/forgot-password': () =>
        json(429, { code: 'TOO_MANY_REQUESTS', message: 'Too many' }, { 'Retry-After': '900' }),
    });
    renderAt('/login');
    const user = userEvent.setup();
    await user.type(screen.getByLabelText(/Email/), 'kim@demo-store.test{Enter}');
    await user.click(await screen.findByRole('button', { name: 'Forgot password?' }));
    await user.click(screen.getByRole('button', { name: 'Send link' }));
    expect(await screen.findByText('Too many requests for a link. Try again later.')).toBeInTheDocument();
    expect(screen.queryByText(NEUTRAL)).not.toBeInTheDocument();
  });
});

describe('[LOGIN] set a password with a mailed link', () => {
  const path = '/login/set-password?store=demo-store&token=abcdefghijklmnopqrstuvwxyz0123456789ABCDEFG';

  it('shows whom an invitation is for, saves the password with the link, and signs in', async () => {
    const calls = mockFetch({
      'GET /v2/api/users/password-link': () =>
        json(200, {
          kind: 'invite',
          username: 'nora@demo-store.test',
          firstName: 'Nora',
          storeName: 'Demo Store',
        }),
      'POST /v2/api/users/set-password': () => json(200, { username: 'nora@demo-store.test' }),
      'POST /v2/oauth/token': () =>
        json(200, {
          token_type: 'bearer',
          access_token: makeToken({ user_name: 'nora@demo-store.test', authorities: ['STANDARD_USER'] }),
          store_name: 'demo-store',
        }),
      ...configRoutes,
    });
    const { router } = renderAt(path);
    expect(await screen.findByRole('heading', { name: 'Welcome to Demo Store' })).toBeInTheDocument();
    expect(screen.getByTestId('login-email')).toHaveTextContent('nora@demo-store.test');
    const user = userEvent.setup();
    await user.type(screen.getByLabelText(/New password/), 'My-own-pass-1');
    await user.type(screen.getByLabelText(/Repeat password/), 'My-own-pass-1{Enter}');
    await waitFor(() => expect(router.state.location.pathname).toBe('/cases/open/claim'));
    const saved = calls.find((c) => c.url === '/v2/api/users/set-password');
    expect(saved?.headers.get('X-TENANT-ID')).toBe('demo-store');
    expect(JSON.parse(String(saved?.body))).toEqual({
      token: 'abcdefghijklmnopqrstuvwxyz0123456789ABCDEFG',
      password: 'My-own-pass-1',
    });
    expect(getSession().identity?.email).toBe('nora@demo-store.test');
  });

  it('says a used or expired link is no longer valid and leads to sign-in', async () => {
    mockFetch({
      'GET /v2/api/users/password-link': () => json(404, { code: 'NOT_FOUND', message: 'gone' }),
    });
    renderAt(path);
    expect(await screen.findByRole('heading', { name: 'This link is no longer valid' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to sign in' })).toHaveAttribute('href', '/login');
  });

  it('shows the server’s reasons for a refused password', async () => {
    mockFetch({
      'GET /v2/api/users/password-link': () =>
        json(200, { kind: 'reset', username: 'kim@demo-store.test', firstName: 'Kim', storeName: 'Demo' }),
      'POST /v2/api/users/set-password': () =>
        json(400, {
          code: 'VALIDATION_FAILED',
          message: 'Invalid',
          fieldErrors: { password: 'Must contain a digit' },
          fieldIssues: { password: { code: 'needs_digit' } },
        }),
    });
    renderAt(path);
    expect(await screen.findByRole('heading', { name: 'Choose a new password' })).toBeInTheDocument();
    const user = userEvent.setup();
    await user.type(screen.getByLabelText(/New password/), 'abcdefghij');
    await user.type(screen.getByLabelText(/Repeat password/), 'abcdefghij{Enter}');
    const alert = await screen.findByTestId('login-error');
    expect(alert).toHaveTextContent('Must contain a digit');
  });
});
