/**
 * The /reports figures through HTTP, against data whose figures are worked out by hand (see
 * reports-setup.ts): the CSV files, in the language asked for.
 */
import { describe, expect, it } from 'vitest';
import { call } from '../helpers/api';
import { admin, setUpReports, store, t } from './reports-setup';

setUpReports();

describe('report CSV files', () => {
  const csv = async (url: string) => {
    const res = await call(t.app, admin, { url });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename=".+\.csv"$/);
    expect(res.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    return res.body
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n');
  };

  it('writes the mail table in English with commas, its In column summing to the total', async () => {
    const lines = await csv(
      '/v2/api/reports/mails/csv?from=2026-01-01&to=2026-01-31&interval=week&language=en',
    );
    expect(lines[0]).toBe('Period from,Mailbox,Mails in,Mails out');
    expect(lines).toContain(`2026-01-05,support@${store.tenantId}.test,1,1`);
    const inSum = lines.slice(1).reduce((s, l) => s + Number(l.split(',')[2]), 0);
    expect(inSum).toBe(5);
  });

  it('writes the supplier table in Norwegian with semicolons and decimal commas', async () => {
    const lines = await csv('/v2/api/reports/suppliers/csv?from=2026-01-01&to=2026-03-31&language=nr');
    expect(lines[0]?.split(';')).toEqual([
      'Leverandør',
      'Saker',
      'Besvart',
      'Godkjenningsgrad (%)',
      'Kostnader (NOK)',
      'Forventet kreditt (NOK)',
      'Kreditert (NOK)',
      'Gjenvinningsgrad (%)',
      'Utestående (NOK)',
    ]);
    expect(lines[1]).toBe('Xenon AS;3;2;75;375,00;225,00;170,00;75,6;75,00');
    const outstanding = lines.slice(1).reduce((s, l) => s + Number(l.split(';')[8]?.replace(',', '.')), 0);
    expect(outstanding).toBe(155);
  });

  it('writes cases per month in German dates, open ones by status, and resolution times', async () => {
    const cases = await csv('/v2/api/reports/cases/csv?from=2026-01-01&to=2026-03-31&language=de');
    expect(cases).toEqual([
      'Zeitraum ab;Fälle;Geschlossen;Offen',
      '01.01.2026;2;2;0',
      '01.02.2026;2;0;2',
      '01.03.2026;1;1;0',
    ]);
    const resolution = await csv('/v2/api/reports/resolution/csv?from=2026-01-01&to=2026-03-31&language=da');
    expect(resolution).toContain('Arbejdsgang;claim;2;36;45,6');
    expect(resolution).toContain('Medarbejder;Ingen;1;6;6');
    const statuses = await csv('/v2/api/reports/statuses/csv?from=2026-01-01&to=2026-03-31&language=en');
    expect(statuses).toEqual(['Workflow,Status,Open', 'claim,in-progress,1', 'claim,new,1']);
  });
});
