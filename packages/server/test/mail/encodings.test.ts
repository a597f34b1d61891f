import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contentKey } from '../../src/lib/file-storage';
import type { IngestDeps } from '../../src/modules/mail/intake/ingest-types';
import { ingestMail } from '../../src/modules/mail/intake/ingest.service';
import { forTenant } from '../../src/db/tenant-db';
import { createStore } from '../helpers/factories';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { attachmentRows, mailRows } from './mail-store';

let t: TestApp;
let deps: Omit<IngestDeps, 'db'>;
/** Ingest's dependencies in the given store. */
const inStore = (tenantId: string, d = deps): IngestDeps => ({ ...d, db: forTenant(t.db, tenantId) });
let tenantId: string;
beforeAll(async () => {
  t = await createTestApp();
  deps = { files: t.app.deps.files };
  ({ tenantId } = await createStore(t.db));
});
afterAll(async () => {
  await t.close();
});

let count = 0;
/** A mail from header lines and a body (Buffer for 8-bit bytes); answers its stored row. */
async function ingest(headers: string[], body: Buffer | string) {
  count += 1;
  const head = [
    `From: a@sender.test`,
    `To: support@store.test`,
    `Message-ID: <enc-${String(count)}@sender.test>`,
    ...headers,
  ];
  const raw = Buffer.concat([Buffer.from(`${head.join('\r\n')}\r\n\r\n`, 'latin1'), Buffer.from(body)]);
  const outcome = await ingestMail(inStore(tenantId), { raw });
  expect(['stored', 'unparseable']).toContain(outcome.status);
  const row = (await mailRows(t.db, tenantId)).find(
    (r) => r.messageId === `<enc-${String(count)}@sender.test>`,
  );
  if (!row) throw new Error('mail not stored');
  return { row, raw, attachments: await attachmentRows(t.db, tenantId, row.id) };
}

describe('transfer encodings and charsets', () => {
  it('reads 8-bit, quoted-printable and base64 bodies', async () => {
    const eight = await ingest(
      ['Subject: 8bit', 'Content-Type: text/plain; charset=utf-8', 'Content-Transfer-Encoding: 8bit'],
      Buffer.from('Blåbærsyltetøy på kjøkkenet', 'utf8'),
    );
    expect(eight.row.text).toContain('Blåbærsyltetøy på kjøkkenet');
    const qp = await ingest(
      [
        'Subject: qp',
        'Content-Type: text/plain; charset=utf-8',
        'Content-Transfer-Encoding: quoted-printable',
      ],
      'Gr=C3=BC=C3=9Fe aus K=C3=B6ln, eine sehr lange Zeile die weich umbrochen wird =\r\nund weitergeht.',
    );
    expect(qp.row.text).toContain(
      'Grüße aus Köln, eine sehr lange Zeile die weich umbrochen wird und weitergeht.',
    );
    const b64 = await ingest(
      ['Subject: base64', 'Content-Type: text/plain; charset=utf-8', 'Content-Transfer-Encoding: base64'],
      Buffer.from('Reklamasjon på vaffeljern', 'utf8').toString('base64'),
    );
    expect(b64.row.text).toContain('Reklamasjon på vaffeljern');
  });

  it('decodes non-UTF-8 charsets in bodies and encoded-word headers', async () => {
    const latin = await ingest(
      [
        'Subject: =?ISO-8859-1?Q?R=E6kke_f=F8lger?=',
        'Content-Type: text/plain; charset=iso-8859-1',
        'Content-Transfer-Encoding: 8bit',
      ],
      Buffer.from('Ærlig talt, øl og ål', 'latin1'),
    );
    expect(latin.row.subject).toBe('Række følger');
    expect(latin.row.text).toContain('Ærlig talt, øl og ål');
    const windows = await ingest(
      [
        'Subject: cp1252',
        'Content-Type: text/plain; charset=windows-1252',
        'Content-Transfer-Encoding: 8bit',
      ],
      Buffer.from([0x93, 0x51, 0x75, 0x6f, 0x74, 0x65, 0x94, 0x20, 0x80, 0x35]),
    );
    expect(windows.row.text).toContain('\u201cQuote\u201d €5');
    const koi = await ingest(
      [
        'Subject: =?KOI8-R?B?8NLJ18XU?=',
        'Content-Type: text/plain; charset=koi8-r',
        'Content-Transfer-Encoding: 8bit',
      ],
      Buffer.from([0xf0, 0xd2, 0xc9, 0xd7, 0xc5, 0xd4]),
    );
    expect(koi.row.subject).toBe('Привет');
    expect(koi.row.text).toContain('Привет');
    const unknown = await ingest(
      ['Subject: unknown charset', 'Content-Type: text/plain; charset=x-no-such-charset'],
      'plain words',
    );
    expect(unknown.row.text).toContain('plain words');
  });
});

describe('attachments and odd mails', () => {
  it('keeps inline images and winmail.dat as attachments, stored by content once', async () => {
    const tnef = randomBytes(2048);
    const png = Buffer.from(
      'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
      'base64',
    );
    const part = (headers: string[], body: Buffer) =>
      `${headers.join('\r\n')}\r\n\r\n${body.toString('base64')}\r\n`;
    const body = [
      '--b',
      'Content-Type: text/html; charset=utf-8\r\n\r\n<p><img src="cid:pic@x"></p>\r\n',
      '--b',
      part(
        [
          'Content-Type: image/png',
          'Content-ID: <pic@x>',
          'Content-Disposition: inline',
          'Content-Transfer-Encoding: base64',
        ],
        png,
      ),
      '--b',
      part(
        [
          'Content-Type: application/ms-tnef; name="winmail.dat"',
          'Content-Disposition: attachment; filename="winmail.dat"',
          'Content-Transfer-Encoding: base64',
        ],
        tnef,
      ),
      '--b',
      part(
        [
          'Content-Type: image/png; name="same.png"',
          'Content-Disposition: attachment; filename="same.png"',
          'Content-Transfer-Encoding: base64',
        ],
        png,
      ),
      '--b--',
      '',
    ].join('\r\n');
    const { row, attachments } = await ingest(
      ['Subject: parts', 'MIME-Version: 1.0', 'Content-Type: multipart/mixed; boundary="b"'],
      body,
    );
    expect(row.html).toContain('src="cid:pic@x"');
    expect(attachments.map((a) => [a.fileName, a.contentType, a.isInline, a.contentId])).toEqual([
      [expect.any(String), 'image/png', true, 'pic@x'],
      ['winmail.dat', 'application/ms-tnef', false, null],
      ['same.png', 'image/png', false, null],
    ]);
    expect(attachments[1]?.fileHash).toBe(contentKey(tnef));
    // The same picture twice is one file.
    expect(attachments[0]?.fileHash).toBe(attachments[2]?.fileHash);
    expect(await t.app.deps.files.size(contentKey(png))).toBe(png.byteLength);
  });

  it('stores a huge mail (a 20 MB attachment) with its raw bytes', async () => {
    const big = randomBytes(20 * 1024 * 1024);
    const body = [
      '--h',
      'Content-Type: text/plain\r\n\r\nSee the video.\r\n',
      '--h',
      `Content-Type: video/mp4; name="claim.mp4"\r\nContent-Transfer-Encoding: base64\r\n\r\n${big.toString('base64').replace(/.{76}/g, '$&\r\n')}\r\n`,
      '--h--',
      '',
    ].join('\r\n');
    const { row, raw, attachments } = await ingest(
      ['Subject: huge', 'MIME-Version: 1.0', 'Content-Type: multipart/mixed; boundary="h"'],
      body,
    );
    expect(row.parseState).toBe('ok');
    expect(row.rawSize).toBe(raw.byteLength);
    expect(attachments[0]).toMatchObject({
      fileName: 'claim.mp4',
      size: big.byteLength,
      fileHash: contentKey(big),
    });
  }, 60_000);

  it('keeps malformed mails: no body separator, binary junk, a broken boundary', async () => {
    const noBody = await ingest(['Subject: headers only'], '');
    expect(noBody.row.subject).toBe('headers only');
    const junk = await ingest(
      ['Subject: junk', 'Content-Type: text/plain; charset=utf-8'],
      randomBytes(4096),
    );
    expect(junk.row.rawFileHash).toBe(contentKey(junk.raw));
    const broken = await ingest(
      [
        'Subject: broken multipart',
        'MIME-Version: 1.0',
        'Content-Type: multipart/mixed; boundary="never-used"',
      ],
      'Just text, the boundary never comes.\r\n',
    );
    expect(broken.row.rawFileHash).toBe(contentKey(broken.raw));
    expect(broken.row.subject).toBe('broken multipart');
  });
});
