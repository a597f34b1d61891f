/**
 * What one-time-code users may read through the mail calls: the mails of the cases they take part
 * in without staff's internal mails, nothing of other cases, and no changes.
 */
import type { TMailLog } from '@claimdesk/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { call, signInWithOtp, type Session } from '../helpers/api';
import { createCase } from '../helpers/factories';
import { rawMail } from './mail-store';
import {
  PARTICIPANT,
  attachment,
  caseRow,
  filesId,
  ingest,
  internalId,
  mailsOf,
  plainId,
  setUpReadApp,
  store,
  t,
  tag,
} from './read-setup';

setUpReadApp();

describe('one-time-code users', () => {
  let limited: Session;
  beforeAll(async () => {
    limited = await signInWithOtp(t.app, t.dataDir, PARTICIPANT);
  });

  it('read the mails of the cases they take part in, without staff’s internal mails', async () => {
    const response = await mailsOf(limited, caseRow.id);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<TMailLog[]>().map((m) => m.id)).toEqual([plainId, filesId]);
    expect((await call(t.app, limited, { url: `/v2/api/claims/mails/${String(filesId)}` })).statusCode).toBe(
      200,
    );
    expect(
      (await call(t.app, limited, { url: `/v2/api/claims/mails/${String(internalId)}` })).statusCode,
    ).toBe(404);
    const pdf = await call(t.app, limited, {
      url: `/v2/api/claims/mails/mail-attachment?attachmentDetail=${attachment('report.pdf').filePath}`,
    });
    expect(pdf.statusCode).toBe(200);
  });

  it('see nothing of other cases and change nothing', async () => {
    const notTheirs = await createCase(t.db, store.tenantId, { customerEmail: 'kari@customer.test' });
    const id = await ingest(
      store.tenantId,
      rawMail({ messageId: '<nt@customer.test>', subject: tag(notTheirs) }),
    );
    expect((await mailsOf(limited, notTheirs.id)).statusCode).toBe(404);
    expect((await call(t.app, limited, { url: `/v2/api/claims/mails/${String(id)}` })).statusCode).toBe(404);
    expect(
      (await call(t.app, limited, { url: `/v2/api/claims/mails/zip/${String(id)}/attachments` })).statusCode,
    ).toBe(404);
    const refused = [
      {
        method: 'PUT' as const,
        url: `/v2/api/claims/mails/${String(plainId)}/mark-read-status?isRead=false`,
      },
      { method: 'DELETE' as const, url: `/v2/api/claims/mails/${String(plainId)}` },
      { method: 'GET' as const, url: '/v2/api/unmapped-mails?type=inbox' },
      { method: 'GET' as const, url: '/v2/api/reports/mail-count' },
    ];
    for (const request of refused)
      expect((await call(t.app, limited, request)).statusCode, request.url).toBe(403);
  });
});
