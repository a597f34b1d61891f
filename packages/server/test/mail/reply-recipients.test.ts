/**
 * Who a reply goes to (issue 35, point 1): the person who wrote the answered mail (its Reply-To,
 * else its From), never the case's customer put in instead; the customer is offered, not added.
 * A reply never goes back to one of the store's own addresses.
 */
import type { TMailCompose } from '@claimdesk/contracts';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { mailLogs } from '../../src/db/schema';
import { call, signIn, type Session } from '../helpers/api';
import { createCase, createMailbox, createStore, createUser } from '../helpers/factories';
import { createTestApp, type TestApp } from '../helpers/test-app';

let t: TestApp;
let staff: Session;
let tenantId: string;
let caseRow: Awaited<ReturnType<typeof createCase>>;

/** A mail that came in on the case (as threading put it there), from whoever wrote it. */
async function mailOnCase(values: { from: string; replyTo?: string }): Promise<number> {
  const [row] = await t.db
    .insert(mailLogs)
    .values({
      tenantId,
      caseId: caseRow.id,
      direction: 'in',
      messageId: `<${String(Math.random()).slice(2)}@sender.test>`,
      subject: 'About the kettle',
      text: 'Hello',
      fromAddress: values.from,
      ...(values.replyTo && { replyTo: [{ address: values.replyTo }] }),
    })
    .returning({ id: mailLogs.id });
  if (!row) throw new Error('no mail');
  return row.id;
}

const replyTo = async (mailLogId: number) => {
  const response = await call(t.app, staff, {
    url: `/v2/api/claims/mails/claim/mail-compose/${String(caseRow.id)}?sendType=customer&mailLogId=${String(mailLogId)}`,
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<TMailCompose>();
};

beforeAll(async () => {
  t = await createTestApp();
  const store = await createStore(t.db);
  tenantId = store.tenantId;
  staff = await signIn(t.app, await createUser(t.db, tenantId));
  await createMailbox(t.db, t.app.deps.secrets, {
    tenantId,
    address: 'support@store.test',
    kind: 'imap-password',
    imapHost: '127.0.0.1',
    imapPort: 1,
    imapUser: 'support@store.test',
    smtpHost: '127.0.0.1',
    smtpPort: 1,
    smtpSecure: false,
    secret: 'secret',
  });
  caseRow = await createCase(t.db, tenantId, { customerEmail: 'ola@customer.test', customerName: 'Ola' });
});
afterAll(() => t.close());

it('answers a relative writing for the customer, and offers the customer without adding them', async () => {
  const id = await mailOnCase({ from: 'kari@family.test' });
  const compose = await replyTo(id);
  expect(compose.to).toEqual(['kari@family.test']);
  expect(compose.cc).toEqual([]);
  expect(compose.customerEmail).toBe('ola@customer.test');
});

it('answers the Reply-To of a mail that names one', async () => {
  const id = await mailOnCase({ from: 'ola@customer.test', replyTo: 'ola@work.test' });
  expect((await replyTo(id)).to).toEqual(['ola@work.test']);
});

it('never answers one of the store’s own addresses, and a new mail goes to the customer', async () => {
  const id = await mailOnCase({ from: 'SUPPORT@store.test' });
  expect((await replyTo(id)).to).toEqual([]);
  const fresh = await call(t.app, staff, {
    url: `/v2/api/claims/mails/claim/mail-compose/${String(caseRow.id)}`,
  });
  expect(fresh.json<TMailCompose>().to).toEqual(['ola@customer.test']);
});
