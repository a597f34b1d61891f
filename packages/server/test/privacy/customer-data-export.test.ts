/**
 * A customer's data on request (issue 34 point 4) through HTTP, finding and exporting: the counts,
 * and the export (every item a case search and a mail search for the address find, nothing of
 * another customer), noted in the audit log.
 */
import { strFromU8, unzipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import {
  caseA,
  caseByPhone,
  caseSearch,
  EMAIL,
  get,
  mailSearch,
  mine,
  OTHER,
  OUT_FILE,
  PDF,
  PHONE,
  post,
  rawIn,
  setUpCustomerData,
} from './customer-data-setup';

setUpCustomerData();

describe('finding and exporting', () => {
  it('counts what is stored about the address and the phone', async () => {
    const res = await post('/v2/api/privacy/customer-data/search', {
      email: EMAIL.toUpperCase(),
      phone: PHONE,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      cases: 2,
      caseNumbers: [caseA.caseNumber, caseByPhone.caseNumber].sort((a, b) => a - b),
      mails: 3,
      attachments: 2,
      costLines: 2,
      items: 2,
    });
    expect(res.json<{ timelineEntries: number }>().timelineEntries).toBeGreaterThanOrEqual(2);
  });

  it('exports every item the case search and the mail search find, and none of another customer', async () => {
    const res = await get(
      `/v2/api/privacy/customer-data/export?email=${encodeURIComponent(EMAIL)}&phone=${encodeURIComponent(PHONE)}`,
    );
    expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
    expect(res.headers['content-type']).toContain('application/zip');
    expect(res.headers['content-disposition']).toContain('attachment');
    const zip = unzipSync(res.rawPayload);
    const data = JSON.parse(strFromU8(zip['data.json'] ?? new Uint8Array())) as {
      cases: {
        id: number;
        customerName: string;
        items: unknown[];
        timeline: unknown[];
        costs: { note: string }[];
      }[];
      mails: {
        id: number;
        caseNumber: number | null;
        attachments: { path: string }[];
        emlPath: string | null;
      }[];
    };
    const caseIds = data.cases.map((c) => c.id);
    const mailIds = data.mails.map((m) => m.id);
    expect(caseIds.sort()).toEqual([caseA.id, caseByPhone.id].sort());
    expect(mailIds.sort()).toEqual([mine.inbound, mine.unmapped, mine.outbound].sort());
    for (const found of [
      ...(await caseSearch(EMAIL)),
      ...(await caseSearch('Ola Nordmann')),
      ...(await caseSearch(PHONE)),
    ])
      expect(caseIds).toContain(found);
    for (const found of await mailSearch(EMAIL)) expect(mailIds).toContain(found);
    expect(data.cases.find((c) => c.id === caseA.id)?.costs[0]?.note).toContain(EMAIL);
    // Each mail's files and its raw message; the bytes as stored.
    const inbound = data.mails.find((m) => m.id === mine.inbound);
    expect(Buffer.from(zip[inbound?.attachments[0]?.path ?? ''] ?? [])).toEqual(PDF);
    expect(Buffer.from(zip[inbound?.emlPath ?? ''] ?? [])).toEqual(rawIn);
    const outbound = data.mails.find((m) => m.id === mine.outbound);
    expect(Buffer.from(zip[outbound?.attachments[0]?.path ?? ''] ?? [])).toEqual(OUT_FILE);
    const summary = strFromU8(zip['summary.html'] ?? new Uint8Array());
    expect(summary).toContain('Lagrede opplysninger om');
    expect(summary).toContain('Ola Nordmann');
    // Nothing of the other customer.
    const whole = Object.values(zip)
      .map((bytes) => Buffer.from(bytes).toString('latin1'))
      .join('\n');
    expect(whole).not.toContain('Kari Hansen');
    expect(whole).not.toContain(OTHER);
    expect(whole).not.toContain('kari-receipt');

    const audit = await get('/v2/api/audit-log?action=customer.exported');
    expect(audit.statusCode, audit.body).toBe(200);
    const entry = audit.json<{ items: { actor: string; changes: { detail?: Record<string, unknown> } }[] }>()
      .items[0];
    expect(entry?.changes.detail).toMatchObject({ cases: 2, mails: 3, attachments: 2, costLines: 2 });
  });
});
