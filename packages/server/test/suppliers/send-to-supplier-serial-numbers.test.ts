/**
 * Send to supplier through HTTP, serial numbers on items: kept, changed and read back on the case,
 * noted on the timeline; too long is refused on the item's field.
 */
import type { TCase } from '@claimdesk/contracts';
import { describe, expect, it } from 'vitest';
import { call } from '../helpers/api';
import { admin, newCase, setUpSendToSupplier, t, timeline } from './send-to-supplier-setup';

setUpSendToSupplier();

describe('[SEND] serial numbers on items', () => {
  it('are kept, changed and read back on the case; too long is a 400 on the item’s field', async () => {
    const c = await newCase({});
    expect(c.items[0]).toMatchObject({ serialNumber: 'SN-001' });
    const changed = await call(t.app, admin, {
      method: 'PUT',
      url: `/v2/api/claims/${String(c.id)}`,
      body: {
        version: c.version,
        items: [
          { ...c.items[0], serialNumber: 'SN-002' },
          { productName: 'Lid', quantity: 1 },
        ],
      },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json<TCase>().items.map((i) => i.serialNumber)).toEqual(['SN-002', null]);
    const items = (await timeline(c.id)).flatMap((e) => e.changes).findLast((ch) => ch.field === 'items');
    expect(JSON.stringify(items?.to)).toContain('SN-002');

    const tooLong = await call(t.app, admin, {
      method: 'PUT',
      url: `/v2/api/claims/${String(c.id)}`,
      body: {
        version: changed.json<TCase>().version,
        items: [{ productName: 'Kettle', quantity: 1, serialNumber: 'x'.repeat(101) }],
      },
    });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json<{ fieldErrors: Record<string, string> }>().fieldErrors).toHaveProperty(
      'items.0.serialNumber',
    );
  });
});
