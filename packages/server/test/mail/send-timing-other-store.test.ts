/**
 * Cancel send and send now through HTTP are a store's own: another store's staff, or an unknown
 * id, get a 404 and the mail stays queued.
 */
import { describe, expect, it } from 'vitest';
import { inAnHour, otherStaff, put, send, setUpSendTiming, staff, stored } from './send-timing-setup';

setUpSendTiming();

describe('another store', () => {
  it('cannot cancel or send now a store’s mail (404), nor an unknown id', async () => {
    const pending = await send({ sendAt: inAnHour(), subject: 'Not yours' });
    for (const action of ['cancel-send', 'send-now'] as const) {
      expect((await put(otherStaff, pending.id, action)).statusCode).toBe(404);
      expect((await put(staff, 999_999, action)).statusCode).toBe(404);
    }
    const after = await stored(pending.id);
    expect(after.row).toMatchObject({ sendState: 'pending', isSendLater: true });
    expect(after.jobs).toHaveLength(1);
    expect((await put(staff, pending.id, 'cancel-send')).statusCode).toBe(200);
  });
});
