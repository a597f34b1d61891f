/** Cases through HTTP: status, assignee, archive and reopen, each with its version and timeline. */
import type { TCase } from '@claimdesk/contracts';
import { describe, expect, it } from 'vitest';
import { call } from '../helpers/api';
import { createUser } from '../helpers/factories';
import {
  type ErrorBody,
  admin,
  agent,
  agentSession,
  created,
  newCase,
  other,
  setUpCases,
  t,
  timeline,
} from './cases-setup';

setUpCases();

describe('changing a case', () => {
  it('changes status within the workflow, setting closedAt on a closed status', async () => {
    const c = await created();
    const bad = await call(t.app, agentSession, {
      method: 'PUT',
      url: `/v2/api/claims/${c.id}/status`,
      body: { status: 'lost', version: 1 },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json<ErrorBody>().fieldErrors).toEqual({
      status: '"lost" is not a status of the claim workflow',
    });
    const ok = await call(t.app, agentSession, {
      method: 'PUT',
      url: `/v2/api/claims/${c.id}/status`,
      body: { status: 'resolved', version: 1 },
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json<TCase>()).toMatchObject({ status: 'resolved', version: 2 });
    expect(ok.json<TCase>().closedAt).not.toBeNull();
    expect((await timeline(c.id)).at(-1)).toMatchObject({
      kind: 'status',
      actor: agent.username,
      changes: [{ field: 'status', from: 'new', to: 'resolved' }],
    });
    const stale = await call(t.app, agentSession, {
      method: 'PUT',
      url: `/v2/api/claims/${c.id}/status`,
      body: { status: 'in-progress', version: 1 },
    });
    expect(stale.statusCode).toBe(409);
  });

  it('assigns to a user of the store, refuses others, and unassigns', async () => {
    const c = await created();
    const put = (assignee: string | null, version: number) =>
      call(t.app, agentSession, {
        method: 'PUT',
        url: `/v2/api/claims/${c.id}/assignee`,
        body: { assignee, version },
      });
    const foreign = await createUser(t.db, other.tenantId);
    const refused = await put(foreign.username, 1);
    expect(refused.statusCode).toBe(400);
    expect(refused.json<ErrorBody>().fieldErrors).toEqual({
      assignee: `${foreign.username} is not a user of this store`,
    });
    const ok = await put(admin.username, 1);
    expect(ok.json()).toMatchObject({ assignee: admin.username, version: 2 });
    expect((await timeline(c.id)).at(-1)).toMatchObject({
      kind: 'assigned',
      changes: [{ field: 'assignee', from: null, to: admin.username }],
    });
    expect((await put(null, 2)).json()).toMatchObject({ assignee: null, version: 3 });
  });

  it('archives and reopens, each once, with the timeline', async () => {
    const c = await created();
    const put = (action: string, version: number) =>
      call(t.app, agentSession, {
        method: 'PUT',
        url: `/v2/api/claims/${c.id}/${action}`,
        body: { version },
      });
    const archived = await put('archive', 1);
    expect(archived.statusCode).toBe(200);
    expect(archived.json<TCase>()).toMatchObject({ isArchived: true, version: 2 });
    expect(archived.json<TCase>().closedAt).not.toBeNull();
    expect((await put('archive', 2)).statusCode).toBe(409);
    const reopened = await put('reopen', 2);
    expect(reopened.json<TCase>()).toMatchObject({ isArchived: false, version: 3, closedAt: null });
    expect((await put('reopen', 3)).json<ErrorBody>()).toMatchObject({
      code: 'CONFLICT',
      message: 'This case is already open',
    });
    expect((await timeline(c.id)).map((e) => e.kind)).toEqual(['created', 'archived', 'reopened']);
  });

  it('reopens a resolved case at the workflow’s first status', async () => {
    const c = await created(agentSession, newCase({ status: 'resolved' }));
    expect(c.closedAt).not.toBeNull();
    await call(t.app, agentSession, {
      method: 'PUT',
      url: `/v2/api/claims/${c.id}/archive`,
      body: { version: 1 },
    });
    const reopened = await call(t.app, agentSession, {
      method: 'PUT',
      url: `/v2/api/claims/${c.id}/reopen`,
      body: { version: 2 },
    });
    expect(reopened.json()).toMatchObject({ status: 'new', isArchived: false, closedAt: null });
  });
});
