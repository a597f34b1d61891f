/**
 * Composing through HTTP, the prefilled compose: a new mail to the customer or a supplier, a reply
 * with its quote and thread headers, a template, an automatic mail answered, and another store's or
 * workflow's ids.
 */
import type { TMailCompose } from '@claimdesk/contracts';
import { describe, expect, it } from 'vitest';
import { call } from '../helpers/api';
import {
  LIMIT,
  autoReplyId,
  caseRow,
  composeUrl,
  inboundId,
  inboundMessageId,
  otherCase,
  otherStaff,
  setUpComposeApp,
  staff,
  store,
  supportCase,
  t,
  tag,
} from './compose-setup';

setUpComposeApp();

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
