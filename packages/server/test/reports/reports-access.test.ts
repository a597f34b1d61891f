/**
 * The /reports figures through HTTP, against data whose figures are worked out by hand (see
 * reports-setup.ts): who may read the reports, and the periods refused on their field.
 */
import { describe, expect, it } from 'vitest';
import { call } from '../helpers/api';
import { admin, agent, manager, setUpReports, t } from './reports-setup';

setUpReports();

describe('report access and periods', () => {
  it('is for administrators and managers', async () => {
    expect((await call(t.app, manager, { url: '/v2/api/reports/cases' })).statusCode).toBe(200);
    for (const url of ['/v2/api/reports/mails', '/v2/api/reports/cases', '/v2/api/reports/suppliers/csv']) {
      expect((await call(t.app, agent, { url })).statusCode).toBe(403);
    }
  });

  it('refuses a period longer than three years or ending before it starts, naming the field', async () => {
    const tooLong = await call(t.app, admin, { url: '/v2/api/reports/cases?from=2020-01-01&to=2026-01-01' });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json()).toMatchObject({
      code: 'VALIDATION_FAILED',
      fieldIssues: { to: { code: 'period_too_long', params: { max: 1096 } } },
    });
    const openEnded = await call(t.app, admin, { url: '/v2/api/reports/suppliers?from=2020-01-01' });
    expect(openEnded.statusCode).toBe(400);
    expect(openEnded.json()).toMatchObject({ fieldIssues: { from: { code: 'period_too_long' } } });
    const reversed = await call(t.app, admin, { url: '/v2/api/reports/mails?from=2026-02-01&to=2026-01-01' });
    expect(reversed.statusCode).toBe(400);
    expect(reversed.json()).toMatchObject({ fieldIssues: { to: { code: 'date_before_start' } } });
    const notADate = await call(t.app, admin, { url: '/v2/api/reports/mails?from=2026-02-30' });
    expect(notADate.statusCode).toBe(400);
    expect(notADate.json()).toMatchObject({ fieldIssues: { from: { code: 'invalid_date' } } });
    const badBasis = await call(t.app, admin, { url: '/v2/api/reports/cases?basis=updated' });
    expect(badBasis.statusCode).toBe(400);
    expect(badBasis.json()).toMatchObject({ fieldIssues: { basis: { code: 'not_an_option' } } });
  });
});
