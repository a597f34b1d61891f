import { afterEach, describe, expect, it, vi } from 'vitest';
import { csvQuery, downloadCsv } from '../csv-download';
import { isHttpError } from '../http-error';
import { i18n } from '../i18n';
import { startSession } from '../session';
import { json, mockFetch } from '../testing/fetch-mock';
import { makeToken } from '../testing/tokens';

afterEach(() => vi.restoreAllMocks());

describe('[CSV] download', () => {
  it('leaves unset filters out of the query', () => {
    expect(csvQuery({ type: 'open', search: '', status: undefined, hasUnread: false, limit: 0 })).toBe(
      'type=open&hasUnread=false&limit=0',
    );
  });

  it('asks with the session’s headers, the UI language and time zone, and saves the file', async () => {
    const token = makeToken();
    startSession(token, 'demo-store');
    await i18n.changeLanguage('da');
    const csv = '\uFEFFSagsnummer;Kunde\r\n10001;Åse\r\n';
    const calls = mockFetch({
      'GET /v2/api/exports/cases': () =>
        new Response(csv, { status: 200, headers: { 'Content-Type': 'text/csv; charset=utf-8' } }),
    });
    const saved: { name: string; href: string }[] = [];
    const blobs: Blob[] = [];
    vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
      blobs.push(blob as Blob);
      return 'blob:csv';
    });
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push({ name: this.download, href: this.href });
    });
    await downloadCsv('/v2/api/exports/cases', { type: 'open', workFlow: 'claim', search: '' }, 'cases.csv');
    const url = new URL(calls[0]?.url ?? '', 'http://localhost');
    expect(calls[0]?.headers.get('Authorization')).toBe(`Bearer ${token}`);
    expect(calls[0]?.headers.get('X-TENANT-ID')).toBe('demo-store');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      type: 'open',
      workFlow: 'claim',
      language: 'da',
      timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone,
    });
    expect(saved).toEqual([{ name: 'cases.csv', href: 'blob:csv' }]);
    // The file as the server wrote it, byte-order mark included (Excel needs it for UTF-8).
    const bytes = new Uint8Array((await blobs[0]?.arrayBuffer()) ?? new ArrayBuffer(0));
    expect(Buffer.from(bytes).toString('hex')).toBe(Buffer.from(csv, 'utf8').toString('hex'));
  });

  it('rejects with the server’s field errors on a 400', async () => {
    startSession(makeToken(), 'demo-store');
    mockFetch({
      'GET /v2/api/exports/costs': () =>
        json(400, {
          code: 'VALIDATION_FAILED',
          message: 'Bad',
          fieldErrors: { to: 'A period is at most 1096 days' },
        }),
    });
    const error: unknown = await downloadCsv('/v2/api/exports/costs', { from: '2020-01-01' }, 'c.csv').catch(
      (e: unknown) => e,
    );
    expect(isHttpError(error) && error.fieldErrors).toEqual({ to: 'A period is at most 1096 days' });
  });
});
