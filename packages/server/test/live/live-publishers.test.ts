/**
 * What raises live events, through HTTP as the web app calls it and a signed-in socket of the
 * store: marking read, moving, binning and restoring mails, queueing and taking back a mail, and
 * changing, archiving, reopening and deleting a case. Each event comes once the change commits.
 */
import type { TCase, TCaseCosts, TLiveServerMessage } from '@claimdesk/contracts';
import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import { call, signIn, type Session } from '../helpers/api';
import { DEFAULT_OUTBOX_OPTIONS, OutboxWorker } from '../../src/modules/mail/outbox/outbox.worker';
import { sendThroughMailbox } from '../../src/modules/mail/outbox/smtp.client';
import { createUser } from '../helpers/factories';
import type { SmtpReceiver } from '../helpers/mail-servers';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { sendingStore } from '../mail/sending-store';
import { liveUrl, openSignedIn, type LiveTestClient } from './live-client';

let t: TestApp;
let smtp: SmtpReceiver;
let staff: Session;
let admin: Session;
let otherStore: LiveTestClient;
let caseId: number;
let inboundId: number;
let socket: LiveTestClient;

beforeAll(async () => {
  t = await createTestApp();
  await t.app.listen({ host: '127.0.0.1', port: 0 });
  const sending = await sendingStore(t, '<publishers-1@customer.test>');
  ({ smtp, staff, inboundId } = sending);
  caseId = sending.caseRow.id;
  admin = await signIn(t.app, await createUser(t.db, sending.store.tenantId, { roles: ['ADMIN_USER'] }));
  socket = await openSignedIn(liveUrl(t.app), staff);
  otherStore = await openSignedIn(liveUrl(t.app), sending.otherStaff);
});
afterAll(async () => {
  await socket.close();
  await otherStore.close();
  await smtp.stop();
  await t.close();
});
beforeEach(() => {
  socket.messages.length = 0;
});

const mailsChanged = (onCase: number | null): TLiveServerMessage[] => [
  { EVENT: 'MAIL_COUNT_UPDATED', meta: {} },
  ...(onCase === null ? [] : [{ EVENT: 'CLAIM_MAIL_COUNT_UPDATED' as const, meta: { caseId: onCase } }]),
];

/** Runs the call (it must succeed) and waits for each of the events. */
async function expectEvents(
  request: Parameters<typeof call>[2],
  events: TLiveServerMessage[],
  as: Session = staff,
): Promise<unknown> {
  const response = await call(t.app, as, request);
  expect(response.statusCode, response.body).toBeLessThan(300);
  for (const event of events) await socket.next((m) => JSON.stringify(m) === JSON.stringify(event));
  return response.body ? response.json<unknown>() : null;
}

const versionOf = async () =>
  (await call(t.app, staff, { url: `/v2/api/claims/${String(caseId)}` })).json<TCase>().version;

it('marking a mail read and unread tells the counts and its case', async () => {
  const url = `/v2/api/claims/mails/${String(inboundId)}/mark-read-status`;
  await expectEvents({ method: 'PUT', url: `${url}?isRead=true` }, mailsChanged(caseId));
  socket.messages.length = 0;
  await expectEvents({ method: 'PUT', url: `${url}?isRead=false` }, mailsChanged(caseId));
});

it('moving a mail off its case, binning and restoring it tell the counts and the case it left', async () => {
  await expectEvents(
    { method: 'POST', url: '/v2/api/claims/mails/move', body: { mailIds: [inboundId], caseId: null } },
    mailsChanged(caseId),
  );
  socket.messages.length = 0;
  await expectEvents(
    { method: 'DELETE', url: `/v2/api/claims/mails/${String(inboundId)}` },
    mailsChanged(null),
  );
  socket.messages.length = 0;
  await expectEvents(
    { method: 'PUT', url: `/v2/api/claims/mails/${String(inboundId)}/restore` },
    mailsChanged(null),
  );
  socket.messages.length = 0;
  await expectEvents(
    { method: 'PUT', url: `/v2/api/unmapped-mails/${String(inboundId)}/map`, body: { caseId } },
    mailsChanged(caseId),
  );
});

it('queueing a mail on the case and taking it back tell the counts and the case', async () => {
  const queued = (await expectEvents(
    {
      method: 'POST',
      url: `/v2/api/claims/mails/claim/mail-compose/${String(caseId)}`,
      body: {
        to: ['kari@customer.test'],
        subject: 'Re: Broken kettle',
        html: '<p>Soon</p>',
        delaySeconds: 30,
      },
    },
    mailsChanged(caseId),
  )) as { id: number };
  socket.messages.length = 0;
  await expectEvents(
    { method: 'PUT', url: `/v2/api/claims/mails/${String(queued.id)}/cancel-send` },
    mailsChanged(caseId),
  );
});

it('a mail the server refuses tells MAIL_SEND_FAILED; sent on its resend, the case is told', async () => {
  const worker = new OutboxWorker(
    { db: t.db, files: t.app.deps.files },
    (mail) => sendThroughMailbox(t.app.deps.secrets, mail),
    { ...DEFAULT_OUTBOX_OPTIONS, maxAttempts: 1, pollMs: 20 },
  );
  const queued = (await expectEvents(
    {
      method: 'POST',
      url: `/v2/api/claims/mails/claim/mail-compose/${String(caseId)}`,
      body: { to: ['kari@customer.test'], subject: 'Re: Broken kettle', html: '<p>Now</p>', delaySeconds: 0 },
    },
    mailsChanged(caseId),
  )) as { id: number };
  socket.messages.length = 0;
  smtp.refuseNext(1);
  expect(await worker.runOnce()).toBe(1);
  const failed = { EVENT: 'MAIL_SEND_FAILED', meta: { mailLogId: queued.id, caseId } };
  for (const event of [failed, ...mailsChanged(caseId)])
    await socket.next((m) => JSON.stringify(m) === JSON.stringify(event));
  // Another store hears nothing of it.
  expect(otherStore.messages.filter((m) => 'EVENT' in m && m.EVENT === 'MAIL_SEND_FAILED')).toEqual([]);

  await expectEvents(
    { method: 'PUT', url: `/v2/api/claims/mails/resend/${String(queued.id)}` },
    mailsChanged(caseId),
  );
  socket.messages.length = 0;
  expect(await worker.runOnce()).toBe(1);
  for (const event of mailsChanged(caseId))
    await socket.next((m) => JSON.stringify(m) === JSON.stringify(event));
  expect(socket.messages.some((m) => 'EVENT' in m && m.EVENT === 'MAIL_SEND_FAILED')).toBe(false);
});

it('registering and removing a cost tells CASE_UPDATED, so an open Costs tab shows it', async () => {
  const updated: TLiveServerMessage = { EVENT: 'CASE_UPDATED', meta: { caseId } };
  const line = {
    costType: 'shipping',
    amountMinor: 12_000,
    currency: 'NOK',
    vatRate: 25,
    costDate: '2026-01-15',
    paidBy: 'store',
  };
  const costs = (await expectEvents(
    { method: 'POST', url: `/v2/api/claims/${String(caseId)}/costs`, body: line },
    [updated],
  )) as TCaseCosts;
  socket.messages.length = 0;
  await expectEvents(
    { method: 'DELETE', url: `/v2/api/claims/${String(caseId)}/costs/${String(costs.lines[0]?.id)}` },
    [updated],
  );
  expect(otherStore.messages.filter((m) => 'EVENT' in m)).toEqual([]);
});

it('changing, archiving, reopening and deleting the case tell CASE_UPDATED', async () => {
  const updated: TLiveServerMessage = { EVENT: 'CASE_UPDATED', meta: { caseId } };
  await expectEvents(
    {
      method: 'PUT',
      url: `/v2/api/claims/${String(caseId)}`,
      body: { version: await versionOf(), description: 'Changed while someone looks' },
    },
    [updated],
  );
  for (const action of ['archive', 'reopen'] as const) {
    socket.messages.length = 0;
    await expectEvents(
      {
        method: 'PUT',
        url: `/v2/api/claims/${String(caseId)}/${action}`,
        body: { version: await versionOf() },
      },
      [updated],
    );
  }
  socket.messages.length = 0;
  // Deleting is for administrators.
  await expectEvents({ method: 'DELETE', url: `/v2/api/claims/${String(caseId)}` }, [updated], admin);
  // The other store heard none of it.
  expect(otherStore.messages.filter((m) => 'EVENT' in m)).toEqual([]);
});
