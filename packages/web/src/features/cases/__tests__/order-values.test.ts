import { describe, expect, it } from 'vitest';
import type { TShopOrder } from '@claimdesk/contracts';
import type { TCaseFormValues } from '../lib/form-values';
import { orderChanges } from '../lib/order-values';

const order: TShopOrder = {
  id: 'gid://shopify/Order/5002',
  number: '#1003',
  placedAt: '2026-01-03T10:00:00.000Z',
  deliveredAt: null,
  currency: 'NOK',
  total: '5298.00',
  customer: {
    name: 'Kari Nordmann',
    email: 'kari@example.com',
    phone: '+4791234567',
    address: ['Storgata 1', '0155 Oslo'],
  },
  lines: [
    { product: 'Espresso machine', sku: 'ESP-100', quantity: 1, unitPrice: '4999.00' },
    { product: 'Milk jug', sku: 'JUG-2', quantity: 2, unitPrice: '149.50' },
  ],
  adminUrl: 'https://nordic-kitchen.myshopify.com/admin/orders/5002',
};

const values = (extra: Partial<TCaseFormValues> = {}): TCaseFormValues => ({
  status: 'new',
  assignee: null,
  customer: { name: '', email: '', phone: '', address: '' },
  orderReference: '',
  purchaseDate: '',
  supplierName: '',
  supplierId: null,
  description: '',
  statusClaim: null,
  statusCreditNote: null,
  statusCustomer: null,
  statusWareHouse: null,
  custom: {},
  items: [],
  ...extra,
});

const asObject = (changes: { path: string; value: unknown }[]) =>
  Object.fromEntries(changes.map((c) => [c.path, c.value]));

describe('taking a shop order into the case', () => {
  it('fills the order reference, the purchase date, the customer and the chosen lines as items', () => {
    const changes = asObject(orderChanges(values(), order, order.lines));
    expect(changes).toMatchObject({
      orderReference: '1003',
      purchaseDate: '2026-01-03',
      'customer.name': 'Kari Nordmann',
      'customer.email': 'kari@example.com',
      'customer.phone': '+4791234567',
      'customer.address': 'Storgata 1\n0155 Oslo',
    });
    expect(changes.items).toEqual([
      {
        itemTypeId: null,
        productName: 'Espresso machine',
        sku: 'ESP-100',
        quantity: 1,
        faultDescription: '',
        serialNumber: '',
      },
      {
        itemTypeId: null,
        productName: 'Milk jug',
        sku: 'JUG-2',
        quantity: 2,
        faultDescription: '',
        serialNumber: '',
      },
    ]);
  });

  it('keeps what was typed: a filled customer field stays, an item with the same SKU is not added twice', () => {
    const typed = values({
      customer: { name: 'Kari N.', email: '', phone: '99 88 77 66', address: '' },
      items: [
        {
          itemTypeId: null,
          productName: 'Espresso',
          sku: 'ESP-100',
          quantity: 1,
          faultDescription: 'Leaks',
          serialNumber: '',
        },
      ],
    });
    const changes = asObject(orderChanges(typed, order, order.lines));
    expect(changes).not.toHaveProperty('customer.name');
    expect(changes).not.toHaveProperty('customer.phone');
    expect(changes['customer.email']).toBe('kari@example.com');
    expect((changes.items as { productName: string }[]).map((i) => i.productName)).toEqual([
      'Espresso',
      'Milk jug',
    ]);
  });

  it('adds no items when no line is chosen, and bounds what a shop sends to the form’s limits', () => {
    expect(asObject(orderChanges(values(), order, []))).not.toHaveProperty('items');
    const long = {
      ...order,
      lines: [{ product: 'x'.repeat(500), sku: null, quantity: 10_000_000, unitPrice: null }],
    };
    const [item] = asObject(orderChanges(values(), long, long.lines)).items as {
      productName: string;
      quantity: number;
    }[];
    expect([item?.productName.length, item?.quantity]).toEqual([200, 100_000]);
  });
});
