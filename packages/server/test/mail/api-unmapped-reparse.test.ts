/**
 * Unmapped mails through HTTP, parsing an unparseable mail again.
 */
import type { TMailLog } from '@claimdesk/contracts';
import { describe, expect, it } from 'vitest';
import { call } from '../helpers/api';
import { rawMail } from './mail-store';
import { ingest, otherStaff, page, setUpUnmappedApp, staff, store, t } from './unmapped-setup';

setUpUnmappedApp();

describe('POST /v2/api/unmapped-mails/{id}/reparse', () => {
  it('parses an unparseable mail again and answers it', async () => {
    const broken = await ingest(
      store.tenantId,
      rawMail({ messageId: '<reparse@customer.test>', subject: 'Second try', body: 'Now readable.' }),
      () => Promise.reject(new Error('parser bug')),
    );
    expect(
      (
        await call(t.app, otherStaff, {
          method: 'POST',
          url: `/v2/api/unmapped-mails/${String(broken)}/reparse`,
        })
      ).statusCode,
    ).toBe(404);
    const response = await call(t.app, staff, {
      method: 'POST',
      url: `/v2/api/unmapped-mails/${String(broken)}/reparse`,
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<TMailLog>()).toMatchObject({
      id: broken,
      parseState: 'ok',
      parseError: null,
      subject: 'Second try',
      from: { address: 'kari@customer.test' },
    });
    expect((await page('type=unparseable')).items.map((m) => m.id)).not.toContain(broken);
    expect((await page('type=inbox')).items.map((m) => m.id)).toContain(broken);
    const again = await call(t.app, staff, {
      method: 'POST',
      url: `/v2/api/unmapped-mails/${String(broken)}/reparse`,
    });
    expect(again.statusCode).toBe(409);
    expect(
      (await call(t.app, staff, { method: 'POST', url: '/v2/api/unmapped-mails/abc/reparse' })).statusCode,
    ).toBe(400);
  });
});
