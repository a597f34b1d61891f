import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import type { TShopOrder } from '@claimdesk/contracts';
import { startSession } from '../../../lib/session';
import { json, mockFetch } from '../../../lib/testing/fetch-mock';
import { addLanguageTexts } from '../../../lib/testing/language-texts';
import { renderWithProviders } from '../../../lib/testing/render';
import { makeToken } from '../../../lib/testing/tokens';
import { OrderPanel, type TOrderPanelProps } from '../components/order-panel';

const order: TShopOrder = {
  id: '5002',
  number: '1003',
  placedAt: '2026-01-03T10:00:00Z',
  deliveredAt: null,
  currency: 'NOK',
  total: '5298.00',
  customer: {
    name: 'Kari Nordmann',
    email: 'kari@example.com',
    phone: '+4791234567',
    address: ['Storgata 1'],
  },
  lines: [
    { product: 'Espresso machine', sku: 'ESP-100', quantity: 1, unitPrice: '4999.00' },
    { product: 'Milk jug', sku: 'JUG-2', quantity: 2, unitPrice: '149.50' },
  ],
  adminUrl: 'https://shop.example.com/wp-admin/post.php?post=5002&action=edit',
};
const SHOP = {
  id: 1,
  kind: 'woocommerce',
  shop: 'https://shop.example.com',
  state: 'ok',
  lastError: null,
  connectedAt: '2026-01-01T00:00:00Z',
};

const render = (
  orders: (query: URLSearchParams) => Response,
  props: Partial<TOrderPanelProps> = {},
  shops = [SHOP],
) => {
  startSession(makeToken({ authorities: ['STANDARD_USER'] }), 'demo-store');
  const calls = mockFetch({
    '/v2/api/shops': () => json(200, { shops }),
    '/v2/api/shop-orders': (call) => orders(new URL(call.url, 'http://localhost').searchParams),
  });
  const onUse = vi.fn();
  renderWithProviders(
    <OrderPanel
      lookFor={{ number: '1003', email: 'kari@example.com', phone: '' }}
      readOnly={false}
      onUse={onUse}
      {...props}
    />,
  );
  return { onUse, calls };
};

beforeAll(() => addLanguageTexts(['en'], 'shops'));

describe('[SHOPS] the order panel on a case', () => {
  it('asks the shop only when told, and takes the order with the lines left ticked', async () => {
    const { onUse, calls } = render(() =>
      json(200, { shop: { kind: 'woocommerce', shop: SHOP.shop }, orders: [order] }),
    );
    await userEvent.click(await screen.findByRole('button', { name: 'Find order 1003' }));
    expect(calls.some((c) => c.url.includes('/v2/api/shop-orders?number=1003'))).toBe(true);
    expect(await screen.findByRole('link', { name: /Order 1003/ })).toHaveAttribute('href', order.adminUrl);
    await userEvent.click(screen.getByRole('checkbox', { name: '2 × Milk jug (JUG-2)' }));
    await userEvent.click(screen.getByRole('button', { name: 'Use this order' }));
    expect(onUse).toHaveBeenCalledWith(order, [order.lines[0]]);
  });

  it('lists the customer’s orders by email', async () => {
    const { calls } = render(() =>
      json(200, { shop: { kind: 'woocommerce', shop: SHOP.shop }, orders: [order] }),
    );
    await userEvent.click(await screen.findByRole('button', { name: 'Customer’s orders' }));
    await screen.findByTestId('shop-order');
    expect(calls.some((c) => c.url.includes('email=kari%40example.com'))).toBe(true);
  });

  it('says a slow shop plainly, and asks again on Try again', async () => {
    let answers = 0;
    render(() => {
      answers += 1;
      return answers === 1
        ? json(504, { code: 'SHOP_TIMEOUT', message: 'The shop did not answer in time' })
        : json(200, { shop: { kind: 'woocommerce', shop: SHOP.shop }, orders: [] });
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Find order 1003' }));
    expect(
      await screen.findByText('The shop did not answer in time. Try again in a moment.'),
    ).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('The shop has no order 1003.')).toBeInTheDocument();
  });

  it('draws nothing when the store has no shop', async () => {
    const { calls } = render(() => json(200, {}), {}, []);
    await waitFor(() => expect(calls.some((c) => c.url.endsWith('/v2/api/shops'))).toBe(true));
    expect(screen.queryByText('Order in the shop')).not.toBeInTheDocument();
  });

  it('lets a read-only reader look but not take an order', async () => {
    render(() => json(200, { shop: { kind: 'woocommerce', shop: SHOP.shop }, orders: [order] }), {
      readOnly: true,
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Find order 1003' }));
    expect(await screen.findByRole('button', { name: 'Use this order' })).toBeDisabled();
  });
});
