/**
 * The supplier portal, what a supplier's contact person reads (issue 24, point 5): exactly its
 * supplier's cases sent to it (a participant row gives it nothing until staff send the case), never
 * the customer's personal data nor the customer's or internal mails.
 */
import type { TCase, TListPortalCasesResponse, TMailLog, TPortalCase } from '@claimdesk/contracts';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { call } from '../helpers/api';
import { mailAttachments } from '../../src/db/schema';
import { admin, ids, kari, mails, portal, sentAt, setUpSupplierPortal, t } from './supplier-portal-setup';

setUpSupplierPortal();

describe('[PORTAL] what a supplier’s contact person reads', () => {
  it('lists exactly its supplier’s sent cases, never one it is only a participant of', async () => {
    const list = await portal(kari, '/cases');
    expect(list.statusCode, list.body).toBe(200);
    const rows = list.json<TListPortalCasesResponse>();
    expect(rows.map((r) => r.id)).toEqual([ids.secondToA, ids.sentToA]);
    expect(rows[0]).toMatchObject({ supplierName: 'Acme AS', sentToSupplierAt: sentAt.toISOString() });
    expect(list.body).not.toContain('Ola Customer');

    // The staff case list a one-time-code user reads follows the same rule, without the customer.
    const general = await call(t.app, kari, { url: '/v2/api/claims?workFlow=claim&type=open' });
    expect(general.statusCode, general.body).toBe(200);
    const items = general.json<{ items: { id: number; customerName: string }[] }>().items;
    expect(items.map((i) => i.id).sort()).toEqual([ids.sentToA, ids.secondToA].sort());
    expect(general.body).not.toContain('Ola Customer');
    expect(general.body).not.toContain('ola@customer.test');
    const searched = await call(t.app, kari, {
      url: '/v2/api/claims?workFlow=claim&type=open&search=Kettle',
    });
    expect(searched.statusCode, searched.body).toBe(200);
    expect(
      searched
        .json<{ items: { id: number }[] }>()
        .items.map((i) => i.id)
        .sort(),
    ).toEqual([ids.sentToA, ids.secondToA].sort());
  });

  it('reads a case with what a supplier needs, never the customer’s personal data', async () => {
    const read = await portal(kari, `/cases/${String(ids.sentToA)}`);
    expect(read.statusCode, read.body).toBe(200);
    const c = read.json<TPortalCase>();
    expect(c).toMatchObject({
      id: ids.sentToA,
      supplierName: 'Acme AS',
      items: [{ productName: 'Kettle K1', sku: 'K-1', quantity: 1 }],
      compensationModes: ['credit-note', 'repair'],
      currency: 'NOK',
      answers: [],
    });
    for (const secret of ['Ola Customer', 'ola@customer.test', '+47 111 11 111', 'Storgata 1'])
      expect(read.body).not.toContain(secret);
    const general = await call(t.app, kari, { url: `/v2/api/claims/${String(ids.sentToA)}` });
    expect(general.statusCode, general.body).toBe(200);
    expect(general.json<TCase>().customer).toEqual({ name: '', email: null, phone: null, address: null });
    // Staff still read the customer.
    const staff = await call(t.app, admin, { url: `/v2/api/claims/${String(ids.sentToA)}` });
    expect(staff.json<TCase>().customer.name).toBe('Ola Customer');
  });

  it('gets 404 on a case of another supplier and on one not sent yet, through every route', async () => {
    // A participant row gives a supplier's contact person nothing (issue 35): only sending does.
    for (const id of [ids.sentToB, ids.notSentToA, ids.joinedByKari, ids.joinedNotSentToA]) {
      const number = (await call(t.app, admin, { url: `/v2/api/claims/${String(id)}` })).json<TCase>()
        .caseNumber;
      for (const url of [
        `/v2/api/supplier-portal/cases/${String(id)}`,
        `/v2/api/claims/${String(id)}`,
        `/v2/api/claims/number/${String(number)}`,
        `/v2/api/claims/mails/${String(id)}/mail-logs`,
      ]) {
        const response = await call(t.app, kari, { url });
        expect(response.statusCode, url).toBe(404);
      }
      const answered = await portal(kari, `/cases/${String(id)}/answers`, { outcome: 'declined' });
      expect(answered.statusCode).toBe(404);
      const written = await portal(kari, `/cases/${String(id)}/messages`, { text: 'Hello?' });
      expect(written.statusCode).toBe(404);
    }
  });

  it('reads only the supplier lane of the case’s mail, and none of the other lanes’ files', async () => {
    const lane = await call(t.app, kari, { url: `/v2/api/claims/mails/${String(ids.sentToA)}/mail-logs` });
    expect(lane.statusCode, lane.body).toBe(200);
    expect(lane.json<TMailLog[]>().map((m) => m.id)).toEqual([mails.supplierOut]);
    const [attachment] = await t.db
      .select({ id: mailAttachments.id })
      .from(mailAttachments)
      .where(eq(mailAttachments.mailLogId, mails.customer));
    const detail = `mails/${String(mails.customer)}/${String(attachment?.id)}`;
    const file = await call(t.app, kari, {
      url: `/v2/api/claims/mails/mail-attachment?attachmentDetail=${encodeURIComponent(detail)}`,
    });
    expect(file.statusCode).toBe(404);
    const zip = await call(t.app, kari, {
      url: `/v2/api/claims/mails/zip/${String(mails.customer)}/attachments`,
    });
    expect(zip.statusCode).toBe(404);
  });

  it('is for contact persons: staff get 403 on the portal, a contact 403 on the staff’s answers', async () => {
    expect((await portal(admin, '/cases')).statusCode).toBe(403);
    expect((await portal(admin, '/me')).statusCode).toBe(403);
    const staffRoute = await call(t.app, kari, {
      url: `/v2/api/claims/${String(ids.sentToA)}/supplier-answers`,
    });
    expect(staffRoute.statusCode).toBe(403);
    const untouched = await call(t.app, admin, {
      url: `/v2/api/claims/${String(ids.secondToA)}/supplier-answers`,
    });
    expect(untouched.json()).toEqual({ answers: [], views: { count: 0, last: null } });
    const me = await portal(kari, '/me');
    expect(me.json()).toEqual({
      email: 'kari@acme.test',
      fullName: 'Contact of Acme AS',
      supplierName: 'Acme AS',
    });
  });
});

describe('[PORTAL] a case of its supplier it takes part in (issue 35)', () => {
  it('is read only once staff send it to the supplier', async () => {
    const url = `/cases/${String(ids.joinedNotSentToA)}`;
    expect((await portal(kari, url)).statusCode).toBe(404);
    const sent = await call(t.app, admin, {
      method: 'POST',
      url: `/v2/api/claims/${String(ids.joinedNotSentToA)}/send-to-supplier`,
      body: { to: ['kari@acme.test'], subject: 'Claim', html: '<p>Claim</p>' },
    });
    expect(sent.statusCode, sent.body).toBe(201);
    const read = await portal(kari, url);
    expect(read.statusCode, read.body).toBe(200);
    expect(read.json<TPortalCase>().canAnswer).toBe(true);
    const listed = (await portal(kari, '/cases')).json<TListPortalCasesResponse>().map((r) => r.id);
    expect(listed).toContain(ids.joinedNotSentToA);
    const general = await call(t.app, kari, { url: `/v2/api/claims/${String(ids.joinedNotSentToA)}` });
    expect(general.statusCode, general.body).toBe(200);
  });
});
