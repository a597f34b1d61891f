/**
 * The set-up the api-unmapped-*.test.ts files share: a store with a staff member signed in, another
 * store with an administrator and a case, the real ingest (with a parser that can be made to fail),
 * and the calls on unmapped mails. Each file calls setUpUnmappedApp() for its own app.
 */
import type { TCase, TListUnmappedMailsResponse, TTimelineEntry } from '@claimdesk/contracts';
import { afterAll, beforeAll, expect } from 'vitest';
import { forTenant } from '../../src/db/tenant-db';
import type { IngestDeps } from '../../src/modules/mail/intake/ingest-types';
import { ingestMail } from '../../src/modules/mail/intake/ingest.service';
import { call, signIn, type Session } from '../helpers/api';
import { createCase, createStore, createUser, type StoreFixture } from '../helpers/factories';
import { createTestApp, type TestApp } from '../helpers/test-app';

export let t: TestApp;
export let deps: Omit<IngestDeps, 'db'>;
export let store: StoreFixture;
export let staff: Session;
export let staffName: string;
export let otherStaff: Session;
export let foreignCaseId: number;

export async function ingest(tenantId: string, raw: Buffer, parse?: IngestDeps['parse']): Promise<number> {
  const outcome = await ingestMail(
    { ...deps, db: forTenant(t.db, tenantId), ...(parse && { parse }) },
    { raw },
  );
  if (outcome.status !== 'stored' && outcome.status !== 'unparseable') throw new Error(outcome.status);
  return outcome.mailLogId;
}

export const list = (query: string, session = staff) =>
  call(t.app, session, { url: `/v2/api/unmapped-mails?${query}` });
export const page = async (query: string) => {
  const response = await list(query);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<TListUnmappedMailsResponse>();
};
export const getCase = async (id: number) =>
  (await call(t.app, staff, { url: `/v2/api/claims/${String(id)}` })).json<TCase>();
export const timeline = async (id: number) =>
  (await call(t.app, staff, { url: `/v2/api/claims/${String(id)}/timeline` })).json<TTimelineEntry[]>();
export const map = (mailId: number, caseId: unknown, session = staff) =>
  call(t.app, session, {
    method: 'PUT',
    url: `/v2/api/unmapped-mails/${String(mailId)}/map`,
    body: { caseId },
  });
export const createFrom = (mailId: number, body: unknown, session = staff) =>
  call(t.app, session, { method: 'POST', url: `/v2/api/unmapped-mails/${String(mailId)}/create-case`, body });
export const undoCreate = (mailId: number, caseId: unknown, session = staff) =>
  call(t.app, session, {
    method: 'DELETE',
    url: `/v2/api/unmapped-mails/${String(mailId)}/create-case?caseId=${String(caseId)}`,
  });
/** Registers the file's beforeAll (app, stores, users, the other store's case) and afterAll. */
export function setUpUnmappedApp(): void {
  beforeAll(async () => {
    t = await createTestApp();
    deps = { files: t.app.deps.files };
    store = await createStore(t.db);
    const other = await createStore(t.db);
    const user = await createUser(t.db, store.tenantId);
    staffName = user.username;
    staff = await signIn(t.app, user);
    otherStaff = await signIn(t.app, await createUser(t.db, other.tenantId, { roles: ['ADMIN_USER'] }));
    foreignCaseId = (await createCase(t.db, other.tenantId)).id;
  });
  afterAll(() => t.close());
}
