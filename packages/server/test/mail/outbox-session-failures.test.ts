/**
 * The outbox's kept SMTP sessions, with the app's sender (createOutboxSender) and a real
 * smtp-server receiver that counts connections and deliveries: several mails of one mailbox go
 * through one connection, and a mail refused or cut off in a session loses or doubles none of the
 * others.
 *
 * This file: a mail refused (at RCPT, after DATA, busy) or a connection dropped or cut in a session:
 * that mail is failed, retried or held as the case may be, the others are sent once. Set-up in
 * outbox-sessions-setup.ts.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { CUT_OFF_ERROR } from '../../src/modules/mail/outbox/outbox.worker';
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
  type Act,
} from './outbox-sessions-setup';

let actOn: (subject: string) => Act = () => 'accept';
/** Asked at each MAIL FROM (the subject is not known yet): `drop-at-mail` cuts the connection there. */
let nextAtMail: (() => Act) | null = null;
setUpSessionsApp({
  actOn: (subject) => actOn(subject),
  // A drop cuts one connection: the MAIL FROMs after it go through.
  atMailFrom: () => {
    if (nextAtMail?.() !== 'drop-at-mail') return 'accept';
    nextAtMail = null;
    return 'drop-at-mail';
  },
});
beforeEach(() => {
  actOn = () => 'accept';
  nextAtMail = null;
});
describe('outbox sessions', () => {
  it('fails a mail the receiver refuses at RCPT (550) and sends the next one in the same session once', async () => {
    const store = await storeWithCase();
    const ids = await queue(store, ['Before', 'refused recipient', 'After']);
    expect(await worker().runOnce()).toBe(3);
    expect(receiver.connections).toBe(1);
    const refused = await mailRow(store.tenantId, ids.get('refused recipient'));
    expect(refused).toMatchObject({ sendState: 'failed', sendAttempts: 1 });
    expect(refused?.sendError).toMatch(/550/);
    expect(receiver.deliveries.get('refused recipient')).toBeUndefined();
    for (const subject of ['Before', 'After']) {
      expect(receiver.deliveries.get(subject)).toBe(1);
      expect((await mailRow(store.tenantId, ids.get(subject)))?.sendState).toBe('sent');
    }
    expect(await outboxSize(store.tenantId)).toBe(0);
  });

  it('fails a mail refused after its DATA (554), retries one the receiver is busy for (451), and sends the others once', async () => {
    const store = await storeWithCase();
    let isBusy = true;
    actOn = (subject) => {
      if (subject === 'Refused body') return 'refuse-data';
      if (subject === 'Busy' && isBusy) {
        isBusy = false;
        return 'busy-data';
      }
      return 'accept';
    };
    const ids = await queue(store, ['One', 'Refused body', 'Two', 'Busy', 'Three']);
    await runUntilEmpty(store.tenantId);
    const refused = await mailRow(store.tenantId, ids.get('Refused body'));
    expect(refused).toMatchObject({ sendState: 'failed', sendAttempts: 1 });
    expect(refused?.sendError).toMatch(/554/);
    expect(await mailRow(store.tenantId, ids.get('Busy'))).toMatchObject({
      sendState: 'sent',
      sendAttempts: 2,
    });
    for (const subject of ['One', 'Two', 'Three']) {
      expect(await mailRow(store.tenantId, ids.get(subject))).toMatchObject({
        sendState: 'sent',
        sendAttempts: 1,
      });
      expect(receiver.deliveries.get(subject)).toBe(1);
    }
    // The refused and the busy one reached the receiver's end of DATA once each time they were sent.
    expect(receiver.deliveries.get('Refused body')).toBe(1);
    expect(receiver.deliveries.get('Busy')).toBe(2);
  });

  it('a connection the server drops at a MAIL FROM: that mail is tried again, the rest go through a new session, each once', async () => {
    const store = await storeWithCase();
    let mails = 0;
    nextAtMail = () => {
      mails += 1;
      return mails === 3 ? 'drop-at-mail' : 'accept';
    };
    const ids = await queue(store, subjects(6, 'Dropped'));
    await runUntilEmpty(store.tenantId);
    expect(receiver.connections).toBeGreaterThanOrEqual(2);
    const attempts: number[] = [];
    for (const [subject, id] of ids) {
      expect(receiver.deliveries.get(subject)).toBe(1);
      const row = await mailRow(store.tenantId, id);
      expect(row?.sendState).toBe('sent');
      attempts.push(row?.sendAttempts ?? 0);
    }
    // The mail whose MAIL FROM met the drop counted an attempt; the others went at the first.
    expect(attempts.sort()).toEqual([1, 1, 1, 1, 1, 2]);
    expect(await pendingCount(store.tenantId, store.caseRow.id)).toBe(0);
  });

  it('a connection cut during a DATA: that mail is failed as maybe delivered, never resent; the rest are sent once', async () => {
    const store = await storeWithCase();
    actOn = (subject) => (subject === 'Cut 2' ? 'drop-in-data' : 'accept');
    const ids = await queue(store, subjects(5, 'Cut'));
    await runUntilEmpty(store.tenantId);
    expect(await mailRow(store.tenantId, ids.get('Cut 2'))).toMatchObject({
      sendState: 'failed',
      sendError: CUT_OFF_ERROR,
    });
    for (const [subject, id] of ids) {
      expect(receiver.deliveries.get(subject)).toBe(1);
      if (subject !== 'Cut 2') expect((await mailRow(store.tenantId, id))?.sendState).toBe('sent');
    }
    expect(receiver.connections).toBe(2);
    expect(await outboxSize(store.tenantId)).toBe(0);
  });

  it('a kept session the server closed between two mails is replaced: the next mail goes through a new one, no attempt lost', async () => {
    const store = await storeWithCase();
    actOn = (subject) => (subject === 'Idle 0' ? 'accept-then-drop' : 'accept');
    const ids = await queue(store, ['Idle 0', 'Idle 1', 'Idle 2']);
    expect(await worker().runOnce()).toBe(3);
    expect(receiver.connections).toBe(2);
    for (const [subject, id] of ids) {
      expect(receiver.deliveries.get(subject)).toBe(1);
      expect(await mailRow(store.tenantId, id)).toMatchObject({ sendState: 'sent', sendAttempts: 1 });
    }
  });
});
