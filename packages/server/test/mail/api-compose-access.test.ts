/**
 * Who may use the compose calls: staff of the store, not a viewer, and another store's staff only
 * on their own cases.
 */
import { describe, expect, it } from 'vitest';
import { call, signIn } from '../helpers/api';
import { createUser } from '../helpers/factories';
import {
  caseRow,
  composeUrl,
  inboundId,
  otherCase,
  otherStaff,
  resend,
  setUpComposeSending,
  store,
  t,
} from './compose-sending-setup';

setUpComposeSending();

describe('access', () => {
  it('keeps the compose calls to staff of the store', async () => {
    const viewer = await signIn(t.app, await createUser(t.db, store.tenantId, { roles: ['EXT_USER'] }));
    expect((await call(t.app, viewer, { url: composeUrl(caseRow.id) })).statusCode).toBe(403);
    expect((await resend(viewer, inboundId)).statusCode).toBe(403);
    expect((await call(t.app, otherStaff, { url: composeUrl(otherCase.id) })).statusCode).toBe(200);
  });
});
