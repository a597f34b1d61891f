/**
 * Send to supplier through HTTP, the send: it marks the case (first time only) and notes each send
 * on the timeline; refused for a disabled supplier and with the supplier feature off.
 */
import type { TMailLog, TSupplierComposeResponse } from '@claimdesk/contracts';
import { describe, expect, it } from 'vitest';
import { call, signIn } from '../helpers/api';
import { createCase, createStore, createUser, setStoreConfig } from '../helpers/factories';
import {
  admin,
  compose,
  customerMailWithFiles,
  newCase,
  send,
  sentColumn,
  setUpSendToSupplier,
  status,
  strict,
  supplier,
  supplierMailsOut,
  t,
  timeline,
} from './send-to-supplier-setup';

setUpSendToSupplier();

describe('[SEND] sending to the supplier', () => {
  it('sends the mail, marks the case the first time only and notes each send on the timeline', async () => {
    const c = await newCase({ supplierId: strict.id });
    await customerMailWithFiles(c.id);
    const mail = (await compose(c.id)).json<TSupplierComposeResponse>();
    const chosen = mail.files.filter((f) => f.isChosen).map((f) => ({ filePath: f.filePath }));
    const sent = await send(c.id, {
      to: mail.to,
      subject: mail.subject,
      html: mail.html,
      attachments: chosen,
    });
    expect(sent.statusCode, sent.body).toBe(201);
    expect(sent.json<TMailLog>()).toMatchObject({ mailLogType: 'supplier', direction: 'out', caseId: c.id });
    const first = await sentColumn(c.id);
    expect(first).not.toBeNull();

    const after = await status(c.id);
    expect(after).toMatchObject({ supplier: { id: strict.id }, answeredAt: null, overdueDays: null });
    expect(Date.parse(after.sentAt ?? '')).toBe(first?.getTime());
    expect(Date.parse(after.answerDueAt ?? '') - Date.parse(after.sentAt ?? '')).toBe(5 * 86_400_000);

    const again = await send(c.id, {
      to: mail.to,
      subject: 'Reminder',
      html: '<p>Any news?</p>',
      attachments: chosen,
    });
    expect(again.statusCode, again.body).toBe(201);
    expect((await sentColumn(c.id))?.getTime()).toBe(first?.getTime());
    const notes = (await timeline(c.id)).filter((e) => e.kind === 'supplier-sent');
    expect(notes).toHaveLength(2);
    expect(notes[0]?.changes).toEqual([{ field: 'supplier', from: null, to: 'Strict Parts AS' }]);
    expect(await supplierMailsOut(c.id)).toHaveLength(2);
  });

  it('is refused for a disabled supplier, and with the supplier feature off (403)', async () => {
    const gone = await supplier({ name: 'Gone AS', email: 'gone@gone.test' });
    const c = await newCase({ supplierId: gone.id });
    await call(t.app, admin, {
      method: 'PUT',
      url: `/v2/api/suppliers/${String(gone.id)}`,
      body: { ...gone, isDisabled: true },
    });
    const refused = await send(c.id, { to: ['gone@gone.test'], subject: 'Claim', html: '<p>x</p>' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json<{ fieldErrors: object }>().fieldErrors).toHaveProperty('supplierId');

    const off = await createStore(t.db);
    await setStoreConfig(t.db, off.tenantId, 'feature', {
      draftClaim: true,
      supportClaim: false,
      claim: true,
      costReg: true,
      supplier: false,
      customer: true,
      statusClaim: true,
      statusCreditNote: true,
      statusCustomer: true,
      statusWareHouse: true,
    });
    const offAdmin = await signIn(t.app, await createUser(t.db, off.tenantId, { roles: ['ADMIN_USER'] }));
    const offCase = await createCase(t.db, off.tenantId);
    for (const url of ['supplier', 'supplier-compose'])
      expect(
        (await call(t.app, offAdmin, { url: `/v2/api/claims/${String(offCase.id)}/${url}` })).statusCode,
      ).toBe(403);
    const offSend = await call(t.app, offAdmin, {
      method: 'POST',
      url: `/v2/api/claims/${String(offCase.id)}/send-to-supplier`,
      body: { to: ['x@y.test'], subject: 'Claim', html: '<p>x</p>' },
    });
    expect(offSend.statusCode).toBe(403);
  });
});
