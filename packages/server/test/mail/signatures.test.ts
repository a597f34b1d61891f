/**
 * Signatures: a person's own (profile) and a mailbox's (settings, administrators), cleaned when
 * saved, and put into every new mail's text (reply, template, forward, new mail) in the mail's
 * language, else the store's, after the text and before the quote. Another store's mailbox is a
 * 404; a standard user cannot change a mailbox's.
 */
import type { TMailboxSignatures, TMailCompose } from '@claimdesk/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { forTenant } from '../../src/db/tenant-db';
import { ingestMail } from '../../src/modules/mail/intake/ingest.service';
import { call, signIn, type Session } from '../helpers/api';
import { createCase, createMailbox, createStore, createUser, type StoreFixture } from '../helpers/factories';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { rawMail } from './mail-store';

let t: TestApp;
let store: StoreFixture;
let other: StoreFixture;
let admin: Session;
let agent: Session;
let otherAdmin: Session;
let mailboxId: number;
let otherMailboxId: number;
let caseRow: Awaited<ReturnType<typeof createCase>>;
let inboundId: number;

const MY = '/v2/api/users/my-signature';
const MAILBOXES = '/v2/api/settings/mail-signatures';
const compose = (query = '') => `/v2/api/claims/mails/claim/mail-compose/${String(caseRow.id)}${query}`;

const mailboxInput = (tenantId: string, address: string) => ({
  tenantId,
  address,
  kind: 'imap-password' as const,
  imapHost: '127.0.0.1',
  imapPort: 1,
  imapUser: address,
  smtpHost: '127.0.0.1',
  smtpPort: 1,
  smtpSecure: false,
  secret: 'secret',
});

beforeAll(async () => {
  t = await createTestApp();
  // The store writes Norwegian; a mail asked for in another language falls back to it.
  store = await createStore(t.db, { language: 'nr' });
  other = await createStore(t.db);
  admin = await signIn(t.app, await createUser(t.db, store.tenantId, { roles: ['ADMIN_USER'] }));
  agent = await signIn(t.app, await createUser(t.db, store.tenantId, { roles: ['STANDARD_USER'] }));
  otherAdmin = await signIn(t.app, await createUser(t.db, other.tenantId, { roles: ['ADMIN_USER'] }));
  mailboxId = (await createMailbox(t.db, t.app.deps.secrets, mailboxInput(store.tenantId, 'help@sig.test')))
    .id;
  otherMailboxId = (
    await createMailbox(t.db, t.app.deps.secrets, mailboxInput(other.tenantId, 'help@other-sig.test'))
  ).id;
  caseRow = await createCase(t.db, store.tenantId, { customerEmail: 'kari@customer.test' });
  const outcome = await ingestMail(
    { db: forTenant(t.db, store.tenantId), files: t.app.deps.files },
    {
      raw: rawMail({
        messageId: '<sig1@customer.test>',
        subject: `Broken kettle [#${String(caseRow.caseNumber)}]`,
        body: 'The kettle stopped working.',
      }),
    },
  );
  if (outcome.status !== 'stored') throw new Error(outcome.status);
  inboundId = outcome.mailLogId;
});
afterAll(() => t.close());

describe('a person’s own signature', () => {
  it('starts empty, is saved cleaned, and drops a language left blank', async () => {
    const empty = await call(t.app, agent, { url: MY });
    expect(empty.statusCode, empty.body).toBe(200);
    expect(empty.json()).toEqual({ signatures: {} });

    const saved = await call(t.app, agent, {
      method: 'PUT',
      url: MY,
      body: {
        signatures: {
          nr: '<p>Hilsen <b>Alex</b><script>alert(1)</script></p>',
          en: '<p>Regards, Alex</p>',
          de: '<p></p>',
        },
      },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toEqual({
      signatures: { nr: '<p>Hilsen <b>Alex</b></p>', en: '<p>Regards, Alex</p>' },
    });
    expect((await call(t.app, agent, { url: MY })).json()).toEqual(saved.json());
  });

  it('refuses an unknown language and a signature past its length with the field', async () => {
    const unknown = await call(t.app, agent, { method: 'PUT', url: MY, body: { signatures: { sv: 'Hej' } } });
    expect(unknown.statusCode).toBe(400);
    const tooLong = await call(t.app, agent, {
      method: 'PUT',
      url: MY,
      body: { signatures: { en: 'x'.repeat(100_001) } },
    });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json<{ fieldErrors: Record<string, string> }>().fieldErrors).toHaveProperty(
      'signatures.en',
    );
  });
});

describe('a mailbox’s signature', () => {
  it('is listed and changed by an administrator of the store', async () => {
    const saved = await call(t.app, admin, {
      method: 'PUT',
      url: `${MAILBOXES}/${String(mailboxId)}`,
      body: {
        signatures: { nr: '<p>Demo Butikk · 22 33 44 55</p>', en: '<p>Demo Store · +47 22 33 44 55</p>' },
      },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const list = await call(t.app, admin, { url: MAILBOXES });
    expect(list.statusCode).toBe(200);
    expect(list.json<TMailboxSignatures[]>()).toEqual([
      {
        mailboxId,
        address: 'help@sig.test',
        signatures: { nr: '<p>Demo Butikk · 22 33 44 55</p>', en: '<p>Demo Store · +47 22 33 44 55</p>' },
      },
    ]);
  });

  it('is not for a standard user, nor for another store', async () => {
    const body = { signatures: { en: '<p>Mine now</p>' } };
    const agentPut = await call(t.app, agent, {
      method: 'PUT',
      url: `${MAILBOXES}/${String(mailboxId)}`,
      body,
    });
    expect(agentPut.statusCode).toBe(403);
    expect((await call(t.app, agent, { url: MAILBOXES })).statusCode).toBe(403);
    const crossed = await call(t.app, admin, {
      method: 'PUT',
      url: `${MAILBOXES}/${String(otherMailboxId)}`,
      body,
    });
    expect(crossed.statusCode).toBe(404);
    const theirs = await call(t.app, otherAdmin, { url: MAILBOXES });
    expect(theirs.json<TMailboxSignatures[]>().map((m) => m.address)).toEqual(['help@other-sig.test']);
    expect(theirs.json<TMailboxSignatures[]>()[0]?.signatures).toEqual({});
  });
});

describe('the compose', () => {
  it('puts the writer’s then the mailbox’s signature after the text and before the quote', async () => {
    const response = await call(t.app, agent, {
      url: compose(`?sendType=customer&mailLogId=${String(inboundId)}`),
    });
    expect(response.statusCode, response.body).toBe(200);
    const { html, text } = response.json<TMailCompose>();
    const own = html.indexOf('Hilsen <b>Alex</b>');
    const mailbox = html.indexOf('Demo Butikk');
    const quote = html.indexOf('<blockquote');
    expect(own).toBeGreaterThan(0);
    expect(mailbox).toBeGreaterThan(own);
    expect(quote).toBeGreaterThan(mailbox);
    // A first empty line to write on, right above the signatures: no <br> between the blocks,
    // which the editor would show as an empty paragraph of its own.
    expect(html.startsWith('<p></p><p>Hilsen <b>Alex</b></p><p>Demo Butikk')).toBe(true);
    expect(text).toContain('Hilsen Alex');
    expect(text.indexOf('Demo Butikk')).toBeLessThan(text.indexOf('The kettle stopped working.'));
  });

  it('takes the asked language, and the store’s where the asked one has none', async () => {
    const english = (
      await call(t.app, agent, { url: compose('?sendType=customer&language=en') })
    ).json<TMailCompose>();
    expect(english.html).toContain('Regards, Alex');
    expect(english.html).toContain('Demo Store · +47');
    expect(english.html).not.toContain('Hilsen');
    const danish = (
      await call(t.app, agent, { url: compose('?sendType=customer&language=da') })
    ).json<TMailCompose>();
    expect(danish.html).toContain('Hilsen <b>Alex</b>');
    expect(danish.html).toContain('Demo Butikk');
  });

  it('is in a forward and in a new mail without a case; someone without one gets none', async () => {
    const forward = await call(t.app, agent, {
      url: `/v2/api/claims/mails/claim/forward-mail-compose/${String(caseRow.id)}?mailLogId=${String(inboundId)}`,
    });
    expect(forward.statusCode, forward.body).toBe(200);
    const forwardHtml = forward.json<TMailCompose>().html;
    expect(forwardHtml.indexOf('Hilsen')).toBeGreaterThan(0);
    expect(forwardHtml.indexOf('Hilsen')).toBeLessThan(forwardHtml.indexOf('The kettle stopped working.'));
    const fresh = (
      await call(t.app, agent, { url: '/v2/api/unmapped-mails/compose-mail/new' })
    ).json<TMailCompose>();
    expect(fresh.html).toContain('Hilsen <b>Alex</b>');
    expect(fresh.html).toContain('Demo Butikk');
    // The administrator wrote no signature of their own: only the mailbox's.
    const adminsOwn = (await call(t.app, admin, { url: compose('?sendType=customer') })).json<TMailCompose>();
    expect(adminsOwn.html).not.toContain('Alex');
    expect(adminsOwn.html).toContain('Demo Butikk');
  });
});
