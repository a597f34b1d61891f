/**
 * Composing through HTTP, sending: the outbox row and mail row together, the built MIME read back
 * from file storage and parsed, the case tag, placeholders left without a value, a pasted picture,
 * address checks, and another store's or workflow's ids.
 */
import type { TMailLog, TTimelineEntry } from '@claimdesk/contracts';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { mailLogs } from '../../src/db/schema';
import { call } from '../helpers/api';
import {
  caseRow,
  composeUrl,
  headerText,
  inboundId,
  inboundMessageId,
  otherCase,
  otherStaff,
  pendingCount,
  setUpComposeApp,
  staff,
  store,
  stored,
  t,
  tag,
} from './compose-setup';

setUpComposeApp();

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
