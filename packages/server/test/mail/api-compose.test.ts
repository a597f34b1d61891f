/**
 * Composing through HTTP: the prefilled compose (reply, template, forward, new mail), sending
 * (outbox row and mail row together, the built MIME read back from file storage and parsed),
 * address checks, uploads and the attachment limit, mails without a case, and another store's
 * or workflow's ids.
 */
import type { TMailCompose, TMailLog, TTimelineEntry, TUploadAttachmentResponse } from '@claimdesk/contracts';
import { and, eq } from 'drizzle-orm';
import { simpleParser, type ParsedMail } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailLogs, mailOutbox } from '../../src/db/schema';
import { cases } from '../../src/db/schema';
import { forTenant } from '../../src/db/tenant-db';
import { ingestMail } from '../../src/modules/mail/intake/ingest.service';
import { call, signIn, type Session } from '../helpers/api';
import { createCase, createMailbox, createStore, createUser, type StoreFixture } from '../helpers/factories';
import { multipartFile, pngBytes } from '../helpers/files';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { rawMail } from './mail-store';

/** Small on purpose: the 413s are reached with a few kB. */
const LIMIT = 20_000;

let t: TestApp;
let store: StoreFixture;
let staff: Session;
let other: StoreFixture;
let otherStaff: Session;
let caseRow: Awaited<ReturnType<typeof createCase>>;
let supportCase: Awaited<ReturnType<typeof createCase>>;
let otherCase: Awaited<ReturnType<typeof createCase>>;
let inboundId: number;
let inboundMessageId: string;
let autoReplyId: number;
let attachedId: number;

const tag = (c: { caseNumber: number }) => `[#${String(c.caseNumber)}]`;
const composeUrl = (workFlow: string, id: number, query = '') =>
  `/v2/api/claims/mails/${workFlow}/mail-compose/${String(id)}${query}`;

async function ingest(tenantId: string, raw: Buffer): Promise<{ id: number; messageId: string }> {
  const outcome = await ingestMail({ db: forTenant(t.db, tenantId), files: t.app.deps.files }, { raw });
  if (outcome.status !== 'stored') throw new Error(`not stored: ${outcome.status}`);
  return { id: outcome.mailLogId, messageId: outcome.messageId };
}

/** The stored mail row, its outbox job and its parsed MIME (read back from file storage). */
async function stored(tenantId: string, id: number) {
  const [row] = await t.db
    .select()
    .from(mailLogs)
    .where(and(eq(mailLogs.tenantId, tenantId), eq(mailLogs.id, id)));
  const jobs = await t.db
    .select()
    .from(mailOutbox)
    .where(and(eq(mailOutbox.tenantId, tenantId), eq(mailOutbox.mailLogId, id)));
  const raw = row?.rawFileHash ? await t.app.deps.files.get(row.rawFileHash) : null;
  return { row, jobs, parsed: raw ? await simpleParser(raw) : null };
}

const headerText = (parsed: ParsedMail | null, name: string): string => {
  const value = parsed?.headers.get(name);
  return typeof value === 'string' ? value : '';
};

async function upload(session: Session, bytes: Buffer, filename: string, contentType: string) {
  const { payload, headers } = multipartFile(bytes, { filename, contentType });
  return call(t.app, session, {
    method: 'POST',
    url: '/v2/api/claims/mails/attachments',
    body: payload,
    headers,
  });
}

const pendingCount = async (tenantId: string, id: number) =>
  (
    await t.db
      .select({ n: cases.sendPendingMailCount })
      .from(cases)
      .where(and(eq(cases.tenantId, tenantId), eq(cases.id, id)))
  )[0]?.n;

beforeAll(async () => {
  t = await createTestApp({ MAIL_MAX_ATTACHMENT_BYTES: String(LIMIT) });
  store = await createStore(t.db);
  other = await createStore(t.db);
  staff = await signIn(t.app, await createUser(t.db, store.tenantId));
  otherStaff = await signIn(t.app, await createUser(t.db, other.tenantId, { roles: ['ADMIN_USER'] }));
  await createMailbox(t.db, t.app.deps.secrets, {
    tenantId: store.tenantId,
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
  caseRow = await createCase(t.db, store.tenantId, {
    customerEmail: 'kari@customer.test',
    customerName: 'Kari',
  });
  supportCase = await createCase(t.db, store.tenantId, {
    workFlow: 'support',
    customerEmail: 'ola@customer.test',
  });
  otherCase = await createCase(t.db, other.tenantId, { customerEmail: 'kari@customer.test' });
  ({ id: inboundId, messageId: inboundMessageId } = await ingest(
    store.tenantId,
    rawMail({
      messageId: '<q1@customer.test>',
      subject: `Broken kettle ${tag(caseRow)}`,
      body: 'The kettle stopped working.\nIt smells of smoke.',
      headers: ['References: <q0@customer.test>', 'In-Reply-To: <q0@customer.test>'],
    }),
  ));
  ({ id: autoReplyId } = await ingest(
    store.tenantId,
    rawMail({
      messageId: '<auto1@customer.test>',
      subject: `Out of office ${tag(caseRow)}`,
      headers: ['Auto-Submitted: auto-replied'],
    }),
  ));
  const boundary = 'b-compose-test';
  ({ id: attachedId } = await ingest(
    store.tenantId,
    Buffer.from(
      [
        'From: Kari Nordmann <kari@customer.test>',
        'To: support@store.test',
        `Subject: Receipt ${tag(caseRow)}`,
        'Date: Tue, 01 Apr 2025 10:05:00 +0200',
        'Message-ID: <files1@customer.test>',
        'MIME-Version: 1.0',
        `Content-Type: multipart/mixed; boundary="${boundary}"`,
        '',
        `--${boundary}`,
        'Content-Type: text/plain; charset=utf-8',
        '',
        'The receipt is attached.',
        `--${boundary}`,
        'Content-Type: application/pdf',
        'Content-Disposition: attachment; filename="receipt.pdf"',
        'Content-Transfer-Encoding: base64',
        '',
        Buffer.from('%PDF-1.4 receipt').toString('base64'),
        `--${boundary}--`,
        '',
      ].join('\r\n'),
    ),
  ));
});
afterAll(() => t.close());

describe('GET mail-compose', () => {
  it('prefills a mail to the customer from the store mailbox', async () => {
    const response = await call(t.app, staff, { url: composeUrl('claim', caseRow.id) });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<TMailCompose>()).toMatchObject({
      caseId: caseRow.id,
      caseNumber: caseRow.caseNumber,
      workFlow: 'claim',
      sendType: 'customer',
      mailLogType: 'customer',
      from: { address: 'support@store.test', name: `Store ${store.tenantId}` },
      to: ['kari@customer.test'],
      subject: '',
      inReplyTo: null,
      attachments: [],
      answeredAutoKind: null,
      // The store's attachment limit, so the form checks a file before it uploads it.
      maxAttachmentBytes: LIMIT,
    });
    const supplier = await call(t.app, staff, { url: composeUrl('claim', caseRow.id, '?sendType=supplier') });
    expect(supplier.json<TMailCompose>()).toMatchObject({
      sendType: 'supplier',
      mailLogType: 'supplier',
      to: [],
    });
  });

  it('answers a mail: Re: subject, the mail quoted, its thread headers', async () => {
    const response = await call(t.app, staff, {
      url: composeUrl('claim', caseRow.id, `?sendType=customer&mailLogId=${String(inboundId)}`),
    });
    expect(response.statusCode, response.body).toBe(200);
    const compose = response.json<TMailCompose>();
    expect(compose.subject).toBe(`Re: Broken kettle ${tag(caseRow)}`);
    expect(compose.inReplyTo).toBe(inboundMessageId);
    expect(compose.references).toEqual(['<q0@customer.test>', '<q1@customer.test>']);
    expect(compose.html).toMatch(/<blockquote[^>]*>.*The kettle stopped working\./s);
    expect(compose.text).toContain('wrote:\n> The kettle stopped working.\n> It smells of smoke.');
    expect(compose.mailLogId).toBe(inboundId);
    expect(compose.attachments).toEqual([]);
  });

  it('writes the quote line and its date in the mail’s language', async () => {
    const quoteLine = async (language: string) => {
      const response = await call(t.app, staff, {
        url: composeUrl('claim', caseRow.id, `?mailLogId=${String(inboundId)}&language=${language}`),
      });
      expect(response.statusCode, response.body).toBe(200);
      return response
        .json<TMailCompose>()
        .text.split('\n')
        .find((line) => / (wrote:|skrev |schrieb )/.test(line));
    };
    const norwegian = await quoteLine('nr');
    expect(norwegian).toMatch(
      /^\p{L}+\.? \d{1,2}\. (januar|februar|mars|april|mai|juni|juli|august|september|oktober|november|desember) \d{4}.* skrev /u,
    );
    expect(norwegian).not.toMatch(
      /GMT|Mon|Tue|Wed|Thu|Fri|Sat|Sun|Jan|Feb|Mar|Apr|Jun|Jul|Aug|Sep|Oct|Nov|Dec/,
    );
    expect(await quoteLine('de')).toMatch(/^Am \p{L}+\.?, \d{1,2}\. \p{L}+ \d{4}.* schrieb /u);
    expect(await quoteLine('en')).toMatch(/^On \p{L}+, \d{1,2} \p{L}+ \d{4}.*, .* wrote:$/u);
  });

  it('flags an automatic mail being answered', async () => {
    const response = await call(t.app, staff, {
      url: composeUrl('claim', caseRow.id, `?mailLogId=${String(autoReplyId)}`),
    });
    expect(response.json<TMailCompose>().answeredAutoKind).toBe('auto-reply');
  });

  it('puts the rendered template first; an unknown template is a 404', async () => {
    const response = await call(t.app, staff, {
      url: composeUrl(
        'claim',
        caseRow.id,
        `?templateKey=claim-received&language=en&mailLogId=${String(inboundId)}`,
      ),
    });
    expect(response.statusCode, response.body).toBe(200);
    const compose = response.json<TMailCompose>();
    expect(compose.templateKey).toBe('claim-received');
    expect(compose.html).toContain(String(caseRow.caseNumber));
    // The template comes before the quoted mail.
    expect(compose.html.indexOf(String(caseRow.caseNumber))).toBeLessThan(
      compose.html.indexOf('<blockquote'),
    );
    const unknown = await call(t.app, staff, {
      url: composeUrl('claim', caseRow.id, '?templateKey=no-such-one'),
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json<{ message: string }>().message).toContain('no-such-one');
  });

  it('is a 404 for another workflow, another store, or a mail of another case', async () => {
    expect((await call(t.app, staff, { url: composeUrl('support', caseRow.id) })).statusCode).toBe(404);
    expect((await call(t.app, staff, { url: composeUrl('claim', otherCase.id) })).statusCode).toBe(404);
    expect((await call(t.app, otherStaff, { url: composeUrl('claim', caseRow.id) })).statusCode).toBe(404);
    const wrongMail = await call(t.app, staff, {
      url: composeUrl('support', supportCase.id, `?mailLogId=${String(inboundId)}`),
    });
    expect(wrongMail.statusCode).toBe(404);
    expect(
      (await call(t.app, staff, { url: composeUrl('claim', caseRow.id, '?sendType=nobody') })).statusCode,
    ).toBe(400);
  });

  it('shows no from for a store without a mailbox', async () => {
    const response = await call(t.app, otherStaff, { url: composeUrl('claim', otherCase.id) });
    expect(response.json<TMailCompose>().from).toBeNull();
  });
});

describe('POST mail-compose', () => {
  it('queues a reply: mail row and outbox job together, thread headers, tag, timeline, pending count', async () => {
    const before = await pendingCount(store.tenantId, caseRow.id);
    const response = await call(t.app, staff, {
      method: 'POST',
      url: composeUrl('claim', caseRow.id, `?sendType=customer&mailLogId=${String(inboundId)}`),
      body: {
        to: ['Kari@Customer.test'],
        cc: ['boss@store.test'],
        bcc: ['archive@store.test'],
        subject: `Re: Broken kettle ${tag(caseRow)}`,
        html: '<p>We will replace it.</p><script>alert(1)</script><img src="https://tracker.test/p.gif">',
        attachments: [],
      },
    });
    expect(response.statusCode, response.body).toBe(201);
    const mail = response.json<TMailLog>();
    expect(mail).toMatchObject({
      caseId: caseRow.id,
      direction: 'out',
      mailLogType: 'customer',
      sendState: 'pending',
      inReplyTo: inboundMessageId,
      subject: `Re: Broken kettle ${tag(caseRow)}`,
      to: [{ address: 'kari@customer.test' }],
    });
    expect(mail.html).not.toContain('script');
    expect(mail.text).toBe('We will replace it.');

    const { row, jobs, parsed } = await stored(store.tenantId, mail.id);
    expect(row?.sendState).toBe('pending');
    expect(jobs).toHaveLength(1);
    expect(row?.html).not.toContain('<script');
    // What staff write goes out as written but for what is unsafe: a remote image (a logo) stays,
    // in the stored row and in the message; in the app it is blocked like any mail's.
    expect(row?.html).toContain('<img src="https://tracker.test/p.gif" />');
    expect(parsed?.html).toContain('src="https://tracker.test/p.gif"');
    expect(mail.html).toContain('data-blocked-src="https://tracker.test/p.gif"');
    expect(mail.html).not.toMatch(/<img[^>]* src=/);
    expect(parsed?.messageId).toBe(mail.messageId);
    expect(mail.messageId).toMatch(new RegExp(`^<claimdesk\\.case-${String(caseRow.caseNumber)}\\.`));
    expect(parsed?.inReplyTo).toBe(inboundMessageId);
    expect(parsed?.references).toEqual(['<q0@customer.test>', '<q1@customer.test>']);
    expect(parsed?.subject).toBe(`Re: Broken kettle ${tag(caseRow)}`);
    expect(parsed?.text?.trim()).toBe('We will replace it.');
    expect(headerText(parsed, 'x-auto-response-suppress')).toBe('All');
    expect(await pendingCount(store.tenantId, caseRow.id)).toBe((before ?? 0) + 1);

    const timeline = (
      await call(t.app, staff, { url: `/v2/api/claims/${String(caseRow.id)}/timeline` })
    ).json<TTimelineEntry[]>();
    expect(timeline.at(-1)).toMatchObject({ kind: 'mail-out', mailLogId: mail.id });
  });

  it('adds the case tag to a new subject, and keeps the given text', async () => {
    const response = await call(t.app, staff, {
      method: 'POST',
      url: composeUrl('claim', caseRow.id, '?sendType=supplier'),
      body: { to: ['parts@supplier.test'], subject: 'Spare part', html: '<p>Hi</p>', text: 'Hello there' },
    });
    expect(response.statusCode, response.body).toBe(201);
    const mail = response.json<TMailLog>();
    expect(mail).toMatchObject({
      mailLogType: 'supplier',
      subject: `Spare part ${tag(caseRow)}`,
      inReplyTo: null,
    });
    const { parsed } = await stored(store.tenantId, mail.id);
    expect(parsed?.text?.trim()).toBe('Hello there');
    expect(parsed?.inReplyTo).toBeUndefined();
  });

  it('refuses to send a placeholder a template left without a value, naming it', async () => {
    const response = await call(t.app, staff, {
      method: 'POST',
      url: composeUrl('claim', caseRow.id),
      body: { to: ['kari@customer.test'], subject: 'About', html: '<p>Dear {{supplier.name}},</p>' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json<{ fieldErrors: Record<string, string> }>().fieldErrors.html).toMatch(
      /\{\{supplier\.name\}\} has no value/,
    );
    // Braces that are no placeholder of ours are the sender's own text.
    const own = await call(t.app, staff, {
      method: 'POST',
      url: composeUrl('claim', caseRow.id),
      body: { to: ['kari@customer.test'], subject: 'About {{x}}', html: '<p>Code {{ABC}}</p>' },
    });
    expect(own.statusCode, own.body).toBe(201);
  });

  it('sends a pasted picture as a related part, while the stored text keeps showing it', async () => {
    const png =
      'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==';
    const response = await call(t.app, staff, {
      method: 'POST',
      url: composeUrl('claim', caseRow.id),
      body: {
        to: ['kari@customer.test'],
        subject: 'The photo',
        html: `<p>See here:</p><p><img src="data:image/png;base64,${png}" alt="photo.png"></p>`,
      },
    });
    expect(response.statusCode, response.body).toBe(201);
    const mail = response.json<TMailLog>();
    const { row, parsed } = await stored(store.tenantId, mail.id);
    const picture = parsed?.attachments.find((a) => a.contentType === 'image/png');
    expect(picture?.content.toString('base64')).toBe(png);
    expect(picture?.cid).toBeTruthy();
    // The message itself points at the part (mailparser would show it as data: again).
    const raw = ((await t.app.deps.files.get(row?.rawFileHash ?? ''))?.toString('latin1') ?? '')
      .replace(/=\r\n/g, '')
      .replace(/=3D/g, '=');
    expect(raw).toContain(`src="cid:${String(picture?.cid)}"`);
    expect(raw).not.toContain('data:image');
    expect(mail.html).toContain('data:image/png;base64');
  });

  it('refuses bad addresses and a missing recipient or subject, naming the field', async () => {
    const send = (body: Record<string, unknown>) =>
      call(t.app, staff, { method: 'POST', url: composeUrl('claim', caseRow.id), body });
    const bad = await send({
      to: ['kari@customer.test'],
      cc: ['ok@store.test', 'not an address'],
      subject: 'x',
      html: '',
    });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json<{ fieldErrors: Record<string, string> }>().fieldErrors)).toEqual(['cc.1']);
    const badTo = await send({ to: ['kari@'], subject: 'x', html: '' });
    expect(badTo.json<{ fieldErrors: Record<string, string> }>().fieldErrors).toHaveProperty('to.0');
    const none = await send({ to: [], subject: 'x', html: '' });
    expect(none.json<{ fieldErrors: Record<string, string> }>().fieldErrors).toHaveProperty('to');
    const noSubject = await send({ to: ['kari@customer.test'], subject: '  ', html: '' });
    expect(noSubject.json<{ fieldErrors: Record<string, string> }>().fieldErrors).toHaveProperty('subject');
    const badBcc = await send({ to: ['kari@customer.test'], bcc: ['x'], subject: 'x', html: '' });
    expect(badBcc.json<{ fieldErrors: Record<string, string> }>().fieldErrors).toHaveProperty('bcc.0');
  });

  it('is a 404 for another store’s case or another workflow, and writes nothing', async () => {
    const body = { to: ['kari@customer.test'], subject: 'Taken over', html: '<p>x</p>' };
    const foreign = await call(t.app, otherStaff, {
      method: 'POST',
      url: composeUrl('claim', caseRow.id),
      body,
    });
    expect(foreign.statusCode).toBe(404);
    const workflow = await call(t.app, staff, {
      method: 'POST',
      url: composeUrl('support', caseRow.id),
      body,
    });
    expect(workflow.statusCode).toBe(404);
    const foreignMail = await call(t.app, otherStaff, {
      method: 'POST',
      url: composeUrl('claim', otherCase.id, `?mailLogId=${String(inboundId)}`),
      body,
    });
    expect(foreignMail.statusCode).toBe(404);
    const rows = await t.db.select().from(mailLogs).where(eq(mailLogs.subject, 'Taken over'));
    expect(rows).toEqual([]);
  });
});

describe('attachments', () => {
  it('uploads a file and sends it with its name and type', async () => {
    const png = pngBytes(4, 4);
    const uploaded = await upload(staff, png, '../photo of kettle.png', 'image/png');
    expect(uploaded.statusCode, uploaded.body).toBe(201);
    const receipt = uploaded.json<TUploadAttachmentResponse>();
    expect(receipt).toMatchObject({
      fileName: 'photo of kettle.png',
      fileType: 'image/png',
      size: png.byteLength,
    });
    const response = await call(t.app, staff, {
      method: 'POST',
      url: composeUrl('claim', caseRow.id),
      body: {
        to: ['kari@customer.test'],
        subject: 'Photo',
        html: '<p>See the photo</p>',
        attachments: [{ uploadId: receipt.uploadId }],
      },
    });
    expect(response.statusCode, response.body).toBe(201);
    const mail = response.json<TMailLog>();
    expect(mail.attachments).toMatchObject([
      { fileName: 'photo of kettle.png', fileType: 'image/png', size: png.byteLength },
    ]);
    const { parsed } = await stored(store.tenantId, mail.id);
    expect(parsed?.attachments).toHaveLength(1);
    expect(parsed?.attachments[0]).toMatchObject({
      filename: 'photo of kettle.png',
      contentType: 'image/png',
    });
    expect(parsed?.attachments[0]?.content.equals(png)).toBe(true);
  });

  it('refuses an upload id of another store, or a changed one', async () => {
    const receipt = (
      await upload(otherStaff, Buffer.from('theirs'), 'theirs.txt', 'text/plain')
    ).json<TUploadAttachmentResponse>();
    const send = (uploadId: string) =>
      call(t.app, staff, {
        method: 'POST',
        url: composeUrl('claim', caseRow.id),
        body: { to: ['kari@customer.test'], subject: 'x', html: '', attachments: [{ uploadId }] },
      });
    const foreign = await send(receipt.uploadId);
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json<{ fieldErrors: Record<string, string> }>().fieldErrors).toHaveProperty(
      'attachments.0.uploadId',
    );
    const [payload, signature] = receipt.uploadId.split('.');
    const forged = Buffer.from(
      Buffer.from(payload ?? '', 'base64url')
        .toString()
        .replace(other.tenantId, store.tenantId),
    ).toString('base64url');
    expect((await send(`${forged}.${signature ?? ''}`)).statusCode).toBe(400);
    const neither = await call(t.app, staff, {
      method: 'POST',
      url: composeUrl('claim', caseRow.id),
      body: { to: ['kari@customer.test'], subject: 'x', html: '', attachments: [{}] },
    });
    expect(neither.statusCode).toBe(400);
  });

  it('refuses a file over the limit, and attachments adding up to more than it (413)', async () => {
    const tooBig = await upload(staff, Buffer.alloc(LIMIT + 1, 1), 'big.bin', 'application/octet-stream');
    expect(tooBig.statusCode).toBe(413);
    expect(tooBig.json<{ message: string }>().message).toMatch(/larger than/);
    const half = Buffer.alloc(LIMIT / 2 + 10, 2);
    const a = (
      await upload(staff, half, 'a.bin', 'application/octet-stream')
    ).json<TUploadAttachmentResponse>();
    const b = (
      await upload(staff, Buffer.concat([half, Buffer.from('b')]), 'b.bin', 'x/y')
    ).json<TUploadAttachmentResponse>();
    const response = await call(t.app, staff, {
      method: 'POST',
      url: composeUrl('claim', caseRow.id),
      body: {
        to: ['kari@customer.test'],
        subject: 'Too much',
        html: '',
        attachments: [{ uploadId: a.uploadId }, { uploadId: b.uploadId }],
      },
    });
    expect(response.statusCode).toBe(413);
    expect(response.json<{ fieldErrors: Record<string, string> }>().fieldErrors).toHaveProperty(
      'attachments',
    );
    expect(
      await t.db
        .select()
        .from(mailLogs)
        .where(eq(mailLogs.subject, `Too much ${tag(caseRow)}`)),
    ).toEqual([]);
  });

  it('refuses an upload without a file part', async () => {
    const response = await call(t.app, staff, {
      method: 'POST',
      url: '/v2/api/claims/mails/attachments',
      body: { file: 'x' },
    });
    expect(response.statusCode).toBe(400);
  });
});

describe('forward', () => {
  it('prefills Fwd:, the mail under its headers, and its attachments', async () => {
    const response = await call(t.app, staff, {
      url: `/v2/api/claims/mails/claim/forward-mail-compose/${String(caseRow.id)}?mailLogId=${String(attachedId)}`,
    });
    expect(response.statusCode, response.body).toBe(200);
    const compose = response.json<TMailCompose>();
    expect(compose).toMatchObject({
      sendType: 'forward',
      mailLogType: 'customer',
      mailLogId: attachedId,
      subject: `Fwd: Receipt ${tag(caseRow)}`,
      to: [],
      inReplyTo: null,
    });
    expect(compose.text).toContain('From: Kari Nordmann <kari@customer.test>');
    expect(compose.text).toContain(`Subject: Receipt ${tag(caseRow)}`);
    expect(compose.text).toContain('The receipt is attached.');
    expect(compose.attachments).toMatchObject([{ fileName: 'receipt.pdf', fileType: 'application/pdf' }]);
    expect(compose.attachments[0]?.filePath).toMatch(new RegExp(`^mails/${String(attachedId)}/\\d+$`));
  });

  it('sends the forward with the forwarded files, as a new thread on the case', async () => {
    const compose = (
      await call(t.app, staff, {
        url: `/v2/api/claims/mails/claim/forward-mail-compose/${String(caseRow.id)}?mailLogId=${String(attachedId)}`,
      })
    ).json<TMailCompose>();
    const response = await call(t.app, staff, {
      method: 'POST',
      url: composeUrl('claim', caseRow.id, `?sendType=forward&mailLogId=${String(attachedId)}`),
      body: {
        to: ['accounting@store.test'],
        subject: compose.subject,
        html: compose.html,
        attachments: compose.attachments.map((a) => ({ filePath: a.filePath })),
      },
    });
    expect(response.statusCode, response.body).toBe(201);
    const mail = response.json<TMailLog>();
    expect(mail).toMatchObject({
      mailLogType: 'customer',
      inReplyTo: null,
      subject: `Fwd: Receipt ${tag(caseRow)}`,
    });
    const { parsed } = await stored(store.tenantId, mail.id);
    expect(parsed?.attachments.map((a) => [a.filename, a.contentType, a.content.toString()])).toEqual([
      ['receipt.pdf', 'application/pdf', '%PDF-1.4 receipt'],
    ]);
    expect(parsed?.text).toContain('The receipt is attached.');
  });

  it('needs the mail to forward (400) and refuses a file of another store (404)', async () => {
    const missing = await call(t.app, staff, {
      url: `/v2/api/claims/mails/claim/forward-mail-compose/${String(caseRow.id)}`,
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json<{ fieldErrors: Record<string, string> }>().fieldErrors).toHaveProperty('mailLogId');
    const foreign = await call(t.app, otherStaff, {
      url: `/v2/api/claims/mails/claim/forward-mail-compose/${String(caseRow.id)}?mailLogId=${String(attachedId)}`,
    });
    expect(foreign.statusCode).toBe(404);
    const [attachment] = (
      await call(t.app, staff, {
        url: `/v2/api/claims/mails/claim/forward-mail-compose/${String(caseRow.id)}?mailLogId=${String(attachedId)}`,
      })
    ).json<TMailCompose>().attachments;
    const stolen = await call(t.app, otherStaff, {
      method: 'POST',
      url: composeUrl('claim', otherCase.id),
      body: {
        to: ['x@other.test'],
        subject: 'x',
        html: '',
        attachments: [{ filePath: attachment?.filePath }],
      },
    });
    expect(stolen.statusCode).toBe(404);
    const badPath = await call(t.app, staff, {
      method: 'POST',
      url: composeUrl('claim', caseRow.id),
      body: { to: ['x@other.test'], subject: 'x', html: '', attachments: [{ filePath: '../../etc/passwd' }] },
    });
    expect(badPath.statusCode).toBe(400);
  });
});

describe('a new mail without a case', () => {
  it('prefills a blank mail from the store mailbox', async () => {
    const response = await call(t.app, staff, { url: '/v2/api/unmapped-mails/compose-mail/new' });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<TMailCompose>()).toMatchObject({
      caseId: null,
      sendType: null,
      from: { address: 'support@store.test' },
      to: [],
      subject: '',
    });
  });

  it('queues it without a case or tag', async () => {
    const response = await call(t.app, staff, {
      method: 'POST',
      url: '/v2/api/unmapped-mails/compose-mail/new',
      body: { to: ['someone@else.test'], subject: 'Hello', html: '<p>Hello</p>', mailLogType: 'supplier' },
    });
    expect(response.statusCode, response.body).toBe(201);
    const mail = response.json<TMailLog>();
    expect(mail).toMatchObject({
      caseId: null,
      subject: 'Hello',
      mailLogType: 'supplier',
      sendState: 'pending',
    });
    expect(mail.messageId).toMatch(/^<claimdesk\.mail\./);
    const { jobs, parsed } = await stored(store.tenantId, mail.id);
    expect(jobs).toHaveLength(1);
    expect(parsed?.subject).toBe('Hello');
    expect(parsed?.from?.value[0]?.address).toBe('support@store.test');
  });

  it('answers an unmapped mail with its thread headers and type; a mail on a case is a 404', async () => {
    const question = await ingest(
      store.tenantId,
      rawMail({ messageId: '<unmapped-question@customer.test>', subject: 'Question about an order' }),
    );
    const response = await call(t.app, staff, {
      method: 'POST',
      url: '/v2/api/unmapped-mails/compose-mail/new',
      body: {
        to: ['kari@customer.test'],
        subject: 'Re: Question about an order',
        html: '<p>Which order?</p>',
        mailLogId: question.id,
      },
    });
    expect(response.statusCode, response.body).toBe(201);
    const mail = response.json<TMailLog>();
    expect(mail).toMatchObject({ caseId: null, inReplyTo: question.messageId, mailLogType: 'customer' });
    const { parsed } = await stored(store.tenantId, mail.id);
    expect(parsed?.inReplyTo).toBe(question.messageId);
    const onCase = await call(t.app, staff, {
      method: 'POST',
      url: '/v2/api/unmapped-mails/compose-mail/new',
      body: { to: ['kari@customer.test'], subject: 'Re', html: '<p>x</p>', mailLogId: inboundId },
    });
    // The case's mail is answered on the case, where the reply gets its tag.
    expect(onCase.statusCode).toBe(404);
  });

  it('goes out from the system sender when the store has no mailbox', async () => {
    const response = await call(t.app, otherStaff, {
      method: 'POST',
      url: '/v2/api/unmapped-mails/compose-mail/new',
      body: { to: ['someone@else.test'], subject: 'Hello', html: '<p>Hello</p>' },
    });
    expect(response.statusCode, response.body).toBe(201);
    const mail = response.json<TMailLog>();
    expect(mail).toMatchObject({ mailboxId: null, from: { address: 'no-reply@claimdesk.test' } });
  });
});
