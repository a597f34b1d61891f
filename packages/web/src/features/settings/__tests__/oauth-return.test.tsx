import { act, screen, waitFor } from '@testing-library/react';
import { Outlet } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import { startSession } from '../../../lib/session';
import { json, mockFetch, text } from '../../../lib/testing/fetch-mock';
import { renderRoutes } from '../../../lib/testing/render';
import { makeToken } from '../../../lib/testing/tokens';
import { OAuthReturnRoute } from '../routes/oauth-return';
import { withModalsAndBadge } from './mailbox-fixture';

const STATUS = '/v2/api/settings/initial-properties/mail-box-setup-status';

beforeEach(() => startSession(makeToken(), 'demo-store'));

const renderReturn = (path: string, exchangeStatus: number) => {
  const calls = mockFetch({
    [`GET ${STATUS}`]: () => text(200, 'false'),
    // The provider's code comes back after the shell read the badge, as it does in use.
    'POST /v2/api/external-auth/shopify': () => json(200, {}),
    'POST /v2/api/external-auth/google': async () => {
      await new Promise((resolve) => setTimeout(resolve, 100));
      return exchangeStatus === 200
        ? json(200, {})
        : json(exchangeStatus, { code: 'VALIDATION_FAILED', message: 'invalid_grant: Bad Request' });
    },
  });
  // The badge sits in the shell around both pages, as the menu's does.
  const { router } = renderRoutes(
    [
      {
        element: withModalsAndBadge(<Outlet />),
        children: [
          { path: '/external/:provider/oauth', element: <OAuthReturnRoute /> },
          { path: '/settings/mail-config', element: <p>mail settings</p> },
          { path: '/settings/shops', element: <p>shops settings</p> },
        ],
      },
    ],
    path,
  );
  const statusCalls = () => calls.filter((c) => c.url.startsWith(STATUS)).length;
  return { calls, router, statusCalls };
};

describe('[MAIL-CONFIG] the OAuth return page (source, section 8)', () => {
  it('without a code goes to /settings/mail-config', async () => {
    const { router, calls } = renderReturn('/external/google/oauth', 200);
    await waitFor(() => expect(router.state.location.pathname).toBe('/settings/mail-config'));
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);
  });

  it('after a refused exchange stays on the page, with no redirect', async () => {
    const { router, calls } = renderReturn('/external/google/oauth?code=bad-code', 400);
    await waitFor(() => expect(calls.filter((c) => c.method === 'POST')).toHaveLength(1));
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(router.state.location.pathname).toBe('/external/google/oauth');
    expect(screen.queryByText('mail settings')).not.toBeInTheDocument();
  });

  it('after a successful exchange refreshes the setup badge and goes to /settings/mail-config', async () => {
    const { router, calls, statusCalls } = renderReturn(
      '/external/google/oauth?code=good&shop=demo-store',
      200,
    );
    expect(await screen.findByText('false')).toBeInTheDocument();
    expect(statusCalls()).toBe(1);
    await waitFor(() => expect(router.state.location.pathname).toBe('/settings/mail-config'));
    const exchange = calls.find((c) => c.method === 'POST');
    expect(exchange?.url).toBe('/v2/api/external-auth/google?storeName=demo-store');
    expect(JSON.parse(String(exchange?.body))).toEqual({ token: 'good' });
    expect(statusCalls()).toBe(2);
  });

  it('hands Shopify back everything it signed, the code in the body, and goes to /settings/shops', async () => {
    const { router, calls } = renderReturn(
      '/external/shopify/oauth?code=c0de&hmac=ab12&host=YWRt&shop=fjord-gear.myshopify.com&state=s.t&timestamp=1700000000',
      200,
    );
    await waitFor(() => expect(router.state.location.pathname).toBe('/settings/shops'));
    const exchange = calls.find((c) => c.method === 'POST');
    expect(exchange?.url).toBe(
      '/v2/api/external-auth/shopify?hmac=ab12&host=YWRt&shop=fjord-gear.myshopify.com&state=s.t&timestamp=1700000000',
    );
    expect(JSON.parse(String(exchange?.body))).toEqual({ token: 'c0de' });
  });
});
