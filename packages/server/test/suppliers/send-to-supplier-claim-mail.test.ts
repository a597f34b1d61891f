/**
 * Send to supplier through HTTP, the prefilled claim mail: to the claim address (or the supplier's
 * email) with the items and none of the customer's personal data; it needs a supplier on the case
 * and a case of the store.
 */
import type { TSupplierComposeResponse } from '@claimdesk/contracts';
import { describe, expect, it } from 'vitest';
import { call, signIn } from '../helpers/api';
import { createStore, createUser } from '../helpers/factories';
import {
  compose,
  customerMailWithFiles,
  lenient,
  newCase,
  send,
  setUpSendToSupplier,
  strict,
  supplierMailsOut,
  t,
} from './send-to-supplier-setup';

setUpSendToSupplier();

describe('[SEND] the claim mail', () => {
  it('is prefilled to the claim address with the items, and none of the customer’s personal data', async () => {
    const c = await newCase({ supplierId: strict.id });
    const mailId = await customerMailWithFiles(c.id);
    const read = await compose(c.id);
    expect(read.statusCode, read.body).toBe(200);
    const mail = read.json<TSupplierComposeResponse>();
    expect(mail).toMatchObject({
      to: ['claims@strict.test'],
      sendType: 'supplier',
      mailLogType: 'supplier',
      requiredEvidence: ['photos', 'receipt', 'serialNumber'],
      supplier: { id: strict.id, name: 'Strict Parts AS', answerDays: 5 },
      sentAt: null,
    });
    expect(mail.subject).toContain(String(c.caseNumber));
    for (const part of [mail.html, mail.text]) {
      for (const shown of [
        'Kettle K1',
        'K-1',
        'SN-001',
        'Does not heat',
        '2026-09-14',
        'ORD-4711',
        'Stopped heating',
      ])
        expect(part).toContain(shown);
      for (const hidden of ['Secretname', 'ola.secret', '999 88 777', 'Hemmeliggata'])
        expect(part).not.toContain(hidden);
    }
    expect(mail.files).toEqual([
      expect.objectContaining({
        fileName: 'kettle.png',
        kind: 'photo',
        isChosen: true,
        filePath: expect.stringContaining(`mails/${String(mailId)}/`) as string,
      }),
      expect.objectContaining({ fileName: 'receipt.pdf', kind: 'document', isChosen: false }),
    ]);
  });

  it('goes to the supplier’s email when it has no claim address', async () => {
    const c = await newCase({ supplierId: lenient.id });
    expect((await compose(c.id)).json<TSupplierComposeResponse>().to).toEqual(['post@lenient.test']);
  });

  it('needs a supplier on the case (400 on supplierId) and a case of the store (404)', async () => {
    const c = await newCase({});
    const none = await compose(c.id);
    expect(none.statusCode).toBe(400);
    expect(none.json<{ fieldErrors: Record<string, string> }>().fieldErrors).toHaveProperty('supplierId');
    const refused = await send(c.id, { to: ['x@y.test'], subject: 'Claim', html: '<p>x</p>' });
    expect(refused.statusCode).toBe(400);
    expect(await supplierMailsOut(c.id)).toHaveLength(0);

    const other = await createStore(t.db);
    const theirs = await signIn(t.app, await createUser(t.db, other.tenantId, { roles: ['ADMIN_USER'] }));
    for (const url of [
      `/v2/api/claims/${String(c.id)}/supplier`,
      `/v2/api/claims/${String(c.id)}/supplier-compose`,
    ])
      expect((await call(t.app, theirs, { url })).statusCode).toBe(404);
    const foreign = await call(t.app, theirs, {
      method: 'POST',
      url: `/v2/api/claims/${String(c.id)}/send-to-supplier`,
      body: { to: ['x@y.test'], subject: 'Claim', html: '<p>x</p>' },
    });
    expect(foreign.statusCode).toBe(404);
  });
});
