/** Case lists through HTTP: open and archive, sort and keyset paging, the rows as the contract has them, refusals. */
import { ZCaseListRow, ZListCasesResponse } from '@claimdesk/contracts';
import { describe, expect, it } from 'vitest';
import { call, signIn } from '../helpers/api';
import { createCase, createStore, createUser } from '../helpers/factories';
import { allPages, list, session, setUpCaseLists, t } from './list-setup';

setUpCaseLists();

describe('open and archive lists', () => {
  it('pages through every open claim by keyset, in each sort, without duplicates or gaps', async () => {
    for (const sort of ['caseNumber', 'createdAt', 'updatedAt']) {
      for (const direction of ['asc', 'desc']) {
        const { pages, rows } = await allPages(
          `type=open&workFlow=claim&limit=10&sort=${sort}&direction=${direction}`,
        );
        expect(pages, `${sort} ${direction}`).toBe(6);
        expect(rows).toHaveLength(57);
        expect(new Set(rows.map((r) => r.id)).size).toBe(57);
        const keys = rows.map((r): [number, number] => [
          sort === 'caseNumber' ? r.caseNumber : Date.parse(r[sort as 'createdAt']),
          r.id,
        ]);
        const sorted = [...keys].sort(
          (x, y) => (x[0] - y[0] || x[1] - y[1]) * (direction === 'asc' ? 1 : -1),
        );
        expect(keys, `${sort} ${direction}`).toEqual(sorted);
      }
    }
  });

  it('answers 50 rows by default, newest change first, with the mail counts', async () => {
    const page = await list('type=open&workFlow=claim');
    expect(page.items).toHaveLength(50);
    expect(page.nextCursor).not.toBeNull();
    expect(page.items[0]).toMatchObject({
      workFlow: 'claim',
      isArchived: false,
      unreadMailCount: 0,
      sendPendingMailCount: 0,
    });
    expect(Date.parse(page.items[0]?.updatedAt ?? '')).toBeGreaterThanOrEqual(
      Date.parse(page.items[49]?.updatedAt ?? ''),
    );
  });

  it('keeps archive and workflows apart', async () => {
    const archive = await list('type=archive&workFlow=claim');
    expect(archive.items.map((r) => r.customerName).sort()).toEqual([
      'Archived 0',
      'Archived 1',
      'Archived 2',
    ]);
    expect(archive.nextCursor).toBeNull();
    const support = await list('type=open&workFlow=support');
    expect(support.items.map((r) => r.customerName).sort()).toEqual(['Support 0', 'Support 1']);
  });

  it('answers pages that fit the contract, empty ones included', async () => {
    const page = ZListCasesResponse.strict().parse(await list('type=open&workFlow=claim&limit=3'));
    for (const row of page.items) {
      expect(ZCaseListRow.strict().parse(row)).toEqual(row);
      expect(new Date(row.createdAt).toISOString()).toBe(row.createdAt);
    }
    const s = await createStore(t.db);
    const other = await signIn(t.app, await createUser(t.db, s.tenantId));
    expect(await list('type=open&workFlow=claim', other)).toEqual({ items: [], nextCursor: null });
  });

  it('writes each value of a row as the case holds it: awkward text, custom fields, nulls, booleans and counts', async () => {
    const s = await createStore(t.db);
    const as = await signIn(t.app, await createUser(t.db, s.tenantId));
    // One hazard per field, so that each must be written right on its own.
    const awkward = 'Åse\tØ\nend\u0001 😀 \u2028';
    const customFields = {
      note: 'a "quoted"\nline',
      amount: 12.5,
      tags: ['x', 'y'],
      nested: { ok: true, none: null },
    };
    const created = await createCase(t.db, s.tenantId, {
      customerName: awkward,
      customerEmail: null,
      orderReference: '\\server\\share',
      supplierName: 'Ola "Olsen"',
      description: '',
      customFields,
      unreadMailCount: 3,
      sendPendingMailCount: 1,
      items: [{ productName: 'Kaffetrakter «Deluxe»' }],
    });
    const [row] = (await list('type=open&workFlow=claim', as)).items;
    const detail = (await call(t.app, as, { url: `/v2/api/claims/${created.id}` })).json<{
      createdAt: string;
      updatedAt: string;
    }>();
    expect(row).toEqual({
      id: created.id,
      caseNumber: created.caseNumber,
      workFlow: 'claim',
      isArchived: false,
      customerName: awkward,
      customerEmail: null,
      orderReference: '\\server\\share',
      status: 'new',
      assignee: null,
      itemsSummary: 'Kaffetrakter «Deluxe»',
      supplierName: 'Ola "Olsen"',
      statusClaim: null,
      statusCreditNote: null,
      statusCustomer: null,
      statusWareHouse: null,
      customFields,
      unreadMailCount: 3,
      sendPendingMailCount: 1,
      createdAt: detail.createdAt,
      updatedAt: detail.updatedAt,
    });
  });

  it('writes every time with its milliseconds, trailing zeros and all, and pages by them', async () => {
    const s = await createStore(t.db);
    const as = await signIn(t.app, await createUser(t.db, s.tenantId));
    const times = [
      '2026-03-04T05:06:07.000Z',
      '2026-03-04T05:06:07.700Z',
      '2026-03-04T05:06:07.780Z',
      '2026-03-04T05:06:07.789Z',
      '1999-12-31T23:59:59.999Z',
    ];
    for (const [i, time] of times.entries()) {
      await createCase(t.db, s.tenantId, {
        customerName: `At ${i}`,
        createdAt: new Date(time),
        updatedAt: new Date(Date.parse(time) + 1),
      });
    }
    const { pages, rows } = await allPages(
      'type=open&workFlow=claim&sort=createdAt&direction=asc&limit=1',
      as,
    );
    expect(pages).toBe(5);
    expect(rows.map((r) => r.createdAt)).toEqual([...times].sort());
    expect(rows.map((r) => r.updatedAt)).toEqual(
      [...times].sort().map((time) => new Date(Date.parse(time) + 1).toISOString()),
    );
    const bySearch = await allPages('type=open&workFlow=claim&search=at&sort=updatedAt&limit=2', as);
    expect(bySearch.rows.map((r) => r.customerName)).toEqual(['At 3', 'At 2', 'At 1', 'At 0', 'At 4']);
  });

  it('refuses a workflow the store does not have (404), a bad cursor and a bad type (400)', async () => {
    const unknown = await call(t.app, session, { url: '/v2/api/claims?type=open&workFlow=warranty' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({
      code: 'NOT_FOUND',
      message: 'This store has no workflow "warranty"',
    });
    const cursor = await call(t.app, session, {
      url: '/v2/api/claims?type=open&workFlow=claim&cursor=bm9wZQ',
    });
    expect(cursor.statusCode).toBe(400);
    expect(cursor.json()).toMatchObject({ fieldErrors: { cursor: 'Not a cursor of this list' } });
    const type = await call(t.app, session, { url: '/v2/api/claims?type=closed&workFlow=claim' });
    expect(type.statusCode).toBe(400);
    expect(type.json()).toMatchObject({ fieldErrors: { type: expect.any(String) as string } });
  });

  it('hides the support list where supportClaim is off', async () => {
    const s = await createStore(t.db);
    const other = await signIn(t.app, await createUser(t.db, s.tenantId));
    expect((await call(t.app, other, { url: '/v2/api/claims?type=open&workFlow=support' })).statusCode).toBe(
      404,
    );
    expect((await list('type=open&workFlow=claim', other)).items).toEqual([]);
  });
});
