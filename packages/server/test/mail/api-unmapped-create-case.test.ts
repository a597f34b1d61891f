/**
 * Unmapped mails through HTTP, making a case from a mail (fields from the body, nothing saved when
 * refused) and the undo of a new case (the mail and its thread back in unmapped, the case deleted).
 */
import type { TCase, TMailLog } from '@claimdesk/contracts';
import { describe, expect, it } from 'vitest';
import { call, signIn } from '../helpers/api';
import { createCase, createUser } from '../helpers/factories';
import { rawMail } from './mail-store';
import {
  createFrom,
  ingest,
  otherStaff,
  page,
  setUpUnmappedApp,
  staff,
  staffName,
  store,
  t,
  timeline,
  undoCreate,
} from './unmapped-setup';

setUpUnmappedApp();

describe('POST /v2/api/unmapped-mails/{id}/create-case', () => {
  it('makes a case from the mail through the cases service and maps the mail onto it', async () => {
    const mail = await ingest(
      store.tenantId,
      rawMail({
        messageId: '<new-case@customer.test>',
        subject: 'Broken kettle',
        body: 'It stopped working.',
      }),
    );
    const response = await createFrom(mail, { workFlow: 'claim' });
    expect(response.statusCode, response.body).toBe(201);
    const created = response.json<TCase>();
    expect(created).toMatchObject({
      workFlow: 'claim',
      status: 'new',
      customer: { name: 'Kari Nordmann', email: 'kari@customer.test' },
      description: 'Broken kettle\n\nIt stopped working.',
      createdBy: staffName,
      unreadMailCount: 1,
    });
    expect((await timeline(created.id)).map((e) => [e.kind, e.mailLogId])).toEqual([
      ['created', null],
      ['mail-moved', mail],
    ]);
    const read = await call(t.app, staff, { url: `/v2/api/claims/mails/${String(mail)}` });
    expect(read.json<TMailLog>()).toMatchObject({ caseId: created.id, caseNumber: created.caseNumber });
    expect((await createFrom(mail, { workFlow: 'claim' })).statusCode).toBe(409);
  });

  it('takes case fields from the body over what the mail suggests', async () => {
    const mail = await ingest(store.tenantId, rawMail({ messageId: '<override@customer.test>' }));
    const response = await createFrom(mail, {
      workFlow: 'claim',
      customer: { name: 'Kari N.', phone: '+47 912 34 567' },
      orderReference: 'ORD-77',
    });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json<TCase>()).toMatchObject({
      customer: { name: 'Kari N.', phone: '+47 912 34 567' },
      orderReference: 'ORD-77',
      description: 'Broken kettle\n\nThe kettle stopped working.',
    });
  });

  it('saves nothing when the case is refused, and refuses another store’s mail (404)', async () => {
    const mail = await ingest(store.tenantId, rawMail({ messageId: '<refused@customer.test>' }));
    const probe = await createCase(t.db, store.tenantId);
    const unknownWorkflow = await createFrom(mail, { workFlow: 'nope' });
    expect(unknownWorkflow.statusCode).toBe(400);
    expect(unknownWorkflow.json<{ fieldErrors: Record<string, string> }>().fieldErrors).toHaveProperty(
      'workFlow',
    );
    const badAssignee = await createFrom(mail, { workFlow: 'claim', assignee: 'nobody@store.test' });
    expect(badAssignee.statusCode).toBe(400);
    expect((await createFrom(mail, {})).statusCode).toBe(400);
    expect((await createFrom(mail, { workFlow: 'claim' }, otherStaff)).statusCode).toBe(404);
    const read = await call(t.app, staff, { url: `/v2/api/claims/mails/${String(mail)}` });
    expect(read.json<TMailLog>().caseId).toBeNull();
    // The refused create gave its number back: the next case follows the probe directly.
    const next = await createFrom(mail, { workFlow: 'claim' });
    expect(next.json<TCase>().caseNumber).toBe(probe.caseNumber + 1);
  });
});

describe('DELETE /v2/api/unmapped-mails/{id}/create-case (the undo of a new case)', () => {
  it('puts the mail and its thread back in unmapped and deletes the case it made', async () => {
    const first = await ingest(
      store.tenantId,
      rawMail({ messageId: '<undo-first@customer.test>', subject: 'Undo me' }),
    );
    const reply = await ingest(
      store.tenantId,
      rawMail({
        messageId: '<undo-reply@customer.test>',
        headers: ['In-Reply-To: <undo-first@customer.test>'],
      }),
    );
    const created = (await createFrom(first, { workFlow: 'claim' })).json<TCase>();
    expect(created.unreadMailCount).toBe(2);

    const response = await undoCreate(first, created.id);
    expect(response.statusCode, response.body).toBe(204);
    const inbox = (await page('type=inbox')).items.map((m) => m.id);
    expect(inbox).toEqual(expect.arrayContaining([first, reply]));
    expect((await call(t.app, staff, { url: `/v2/api/claims/${String(created.id)}` })).statusCode).toBe(404);
    const open = await call(t.app, staff, { url: '/v2/api/claims?type=open&workFlow=claim' });
    expect(open.body).not.toContain(`"id":${String(created.id)},`);
    // Made again, it is a new case: the undone one's number stays taken.
    const again = (await createFrom(first, { workFlow: 'claim' })).json<TCase>();
    expect(again.caseNumber).toBe(created.caseNumber + 1);
    expect((await undoCreate(first, created.id)).statusCode).toBe(404);
  });

  it('leaves a case that changed since, or that someone else made, and refuses bad input', async () => {
    const colleague = await signIn(t.app, await createUser(t.db, store.tenantId));
    const edited = await ingest(store.tenantId, rawMail({ messageId: '<undo-edited@customer.test>' }));
    const editedCase = (await createFrom(edited, { workFlow: 'claim' })).json<TCase>();
    const update = await call(t.app, staff, {
      method: 'PUT',
      url: `/v2/api/claims/${String(editedCase.id)}`,
      body: { version: editedCase.version, description: 'Checked by phone' },
    });
    expect(update.statusCode, update.body).toBe(200);
    const changed = await undoCreate(edited, editedCase.id);
    expect(changed.statusCode).toBe(409);
    expect(changed.json<{ message: string }>().message).toMatch(/changed since it was made/);

    const theirs = await ingest(store.tenantId, rawMail({ messageId: '<undo-theirs@customer.test>' }));
    const theirCase = (await createFrom(theirs, { workFlow: 'claim' }, colleague)).json<TCase>();
    expect((await undoCreate(theirs, theirCase.id)).statusCode).toBe(409);
    expect((await undoCreate(theirs, theirCase.id, otherStaff)).statusCode).toBe(404);
    expect((await undoCreate(edited, theirCase.id, colleague)).statusCode).toBe(404);
    expect((await undoCreate(theirs, 'seven', colleague)).statusCode).toBe(400);
    for (const [mail, theCase] of [
      [edited, editedCase],
      [theirs, theirCase],
    ] as const) {
      const read = await call(t.app, staff, { url: `/v2/api/claims/mails/${String(mail)}` });
      expect(read.json<TMailLog>().caseId).toBe(theCase.id);
    }
    expect((await undoCreate(theirs, theirCase.id, colleague)).statusCode).toBe(204);
  });
});
