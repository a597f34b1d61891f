import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { startSession } from '../../../lib/session';
import { json, mockFetch } from '../../../lib/testing/fetch-mock';
import { addLanguageTexts } from '../../../lib/testing/language-texts';
import { renderWithProviders } from '../../../lib/testing/render';
import { makeToken } from '../../../lib/testing/tokens';
import { ShopsSettingsRoute } from '../routes/shops-settings';

beforeAll(() => addLanguageTexts(['en'], 'shops'));

describe('[SHOPS] the shops settings', () => {
  it('connects a WooCommerce shop with its keys, and shows a refused key on its field', async () => {
    startSession(makeToken({ authorities: ['ADMIN_USER'] }), 'demo-store');
    let shops: unknown[] = [];
    const calls = mockFetch({
      'GET /v2/api/shops': () => json(200, { shops }),
      'POST /v2/api/shops/woocommerce': (call) => {
        const body = JSON.parse(String(call.body)) as { consumerSecret: string; url: string };
        if (body.consumerSecret !== 'cs_right')
          return json(400, {
            code: 'VALIDATION_FAILED',
            message: 'Validation failed',
            fieldErrors: { consumerKey: 'The shop refused these keys' },
          });
        shops = [
          {
            id: 1,
            kind: 'woocommerce',
            shop: body.url,
            state: 'ok',
            lastError: null,
            connectedAt: '2026-01-01T00:00:00Z',
          },
        ];
        return json(200, shops[0]);
      },
    });
    renderWithProviders(<ShopsSettingsRoute />);
    expect(await screen.findByText('No shop is connected.')).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText(/The shop’s address/), 'https://shop.example.com');
    await userEvent.type(screen.getByLabelText(/Consumer key/), 'ck_1');
    await userEvent.type(screen.getByLabelText(/Consumer secret/), 'cs_wrong');
    await userEvent.click(screen.getByRole('button', { name: 'Connect' }));
    expect(await screen.findByText('The shop refused these keys')).toBeInTheDocument();
    await userEvent.clear(screen.getByLabelText(/Consumer secret/));
    await userEvent.type(screen.getByLabelText(/Consumer secret/), 'cs_right');
    await userEvent.click(screen.getByRole('button', { name: 'Connect' }));
    expect(await screen.findByTestId('shop-connection')).toHaveTextContent('https://shop.example.com');
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(2);
  });
});
