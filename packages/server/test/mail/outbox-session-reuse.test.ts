/**
 * The outbox's kept SMTP sessions, with the app's sender (createOutboxSender) and a real
 * smtp-server receiver that counts connections and deliveries: several mails of one mailbox go
 * through one connection, and a mail refused or cut off in a session loses or doubles none of the
 * others.
 *
 * This file: reuse of a session: several mails of one mailbox through one connection, kept from
 * round to round, at most sessionsPerMailbox of them. Set-up in outbox-sessions-setup.ts.
 */
import { describe, expect, it } from 'vitest';
import {
  mailRow,
  outboxSize,
  pendingCount,
  queue,
  receiver,
  runUntilEmpty,
  setUpSessionsApp,
  storeWithCase,
  subjects,
  worker,
} from './outbox-sessions-setup';

setUpSessionsApp();
describe('outbox sessions', () => {
  it('sends several mails of one mailbox through one SMTP connection, each once', async () => {
    const store = await storeWithCase();
    const ids = await queue(store, subjects(6));
    expect(await worker().runOnce()).toBe(6);
    expect(receiver.connections).toBe(1);
    for (const [subject, id] of ids) {
      expect(receiver.deliveries.get(subject)).toBe(1);
      expect(await mailRow(store.tenantId, id)).toMatchObject({ sendState: 'sent', sendAttempts: 1 });
    }
    expect(await pendingCount(store.tenantId, store.caseRow.id)).toBe(0);
    expect(await outboxSize(store.tenantId)).toBe(0);
  });

  it('keeps the session from round to round while there is mail, and at most sessionsPerMailbox of them', async () => {
    const store = await storeWithCase();
    await queue(store, subjects(8));
    await runUntilEmpty(store.tenantId, { batchSize: 2 });
    expect(receiver.connections).toBe(1);
    expect([...receiver.deliveries.values()]).toEqual(Array.from({ length: 8 }, () => 1));

    receiver.connections = 0;
    const ids = await queue(store, subjects(12, 'Parallel'));
    expect(await worker({ sessionsPerMailbox: 3 }).runOnce()).toBe(12);
    expect(receiver.connections).toBeLessThanOrEqual(3);
    for (const [subject, id] of ids) {
      expect(receiver.deliveries.get(subject)).toBe(1);
      expect((await mailRow(store.tenantId, id))?.sendState).toBe('sent');
    }
  });
});
