import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailTombstones } from '../../src/db/schema';
import { contentKey } from '../../src/lib/file-storage';
import type { IngestDeps } from '../../src/modules/mail/intake/ingest-types';
import { ingestMail } from '../../src/modules/mail/intake/ingest.service';
import { forTenant } from '../../src/db/tenant-db';
import { reparseMail } from '../../src/modules/mail/intake/reparse-mail.service';
import { BLOCKED_SRC_ATTRIBUTE } from '../../src/modules/mail/common/mail-html';
import { createStore } from '../helpers/factories';
import { createTestApp, type TestApp } from '../helpers/test-app';
import {
  CORPUS_DIR,
  HOSTILE_DIR,
  attachmentRows,
  mailFiles,
  mailRows,
  rawMail,
  readMail,
} from './mail-store';

let t: TestApp;
let deps: Omit<IngestDeps, 'db'>;
/** Ingest's dependencies in the given store. */
const inStore = (tenantId: string, d = deps): IngestDeps => ({ ...d, db: forTenant(t.db, tenantId) });
beforeAll(async () => {
  t = await createTestApp();
  deps = { files: t.app.deps.files };
});
afterAll(async () => {
  await t.close();
});

describe('ingest of the mail corpus', () => {
  it('stores every file as a mail or keeps it as unparseable, and a second run adds nothing', async () => {
    const { tenantId } = await createStore(t.db);
    const files = await mailFiles(CORPUS_DIR);
    expect(files.length).toBe(105);
    // The corpus holds four pairs of byte-identical files, and RFC 2822's example 09, which is
    // example 01 with trace fields added on the way (the same mail reaching a second mailbox).
    // Such a copy is the same mail again, which idempotent ingest must not store twice (its
    // bytes are kept all the same). Every other file is a row.
    const seen = new Set<string>();
    const sameMail = new Set(['rfc2822/example09.eml']);
    for (const file of files) {
      const raw = await readMail(file);
      const outcome = await ingestMail(inStore(tenantId), { raw });
      const isCopy = seen.has(contentKey(raw)) || sameMail.has(path.relative(CORPUS_DIR, file));
      if (!isCopy) seen.add(contentKey(raw));
      const expected = isCopy ? ['duplicate'] : ['stored', 'unparseable'];
      expect(expected, path.relative(CORPUS_DIR, file)).toContain(outcome.status);
    }
    expect(seen.size).toBe(100);
    const rows = await mailRows(t.db, tenantId);
    expect(rows).toHaveLength(seen.size);
    // Every row keeps its raw message, byte for byte, in file storage.
    const stored = new Set<string>();
    for (const row of rows) {
      expect(row.rawFileHash).toMatch(/^[0-9a-f]{64}$/);
      const bytes = await t.app.deps.files.get(row.rawFileHash ?? '');
      expect(bytes && contentKey(bytes)).toBe(row.rawFileHash);
      stored.add(row.rawFileHash ?? '');
    }
    for (const file of files) expect(await t.app.deps.files.has(contentKey(await readMail(file)))).toBe(true);
    expect(stored.size).toBe(seen.size);

    for (const file of files) {
      const outcome = await ingestMail(inStore(tenantId), { raw: await readMail(file) });
      expect(outcome.status).toBe('duplicate');
    }
    expect(await mailRows(t.db, tenantId)).toHaveLength(seen.size);
  });

  it('reads charsets, attachments and inline parts of the corpus', async () => {
    const { tenantId } = await createStore(t.db);
    const pick = async (name: string) => {
      const outcome = await ingestMail(inStore(tenantId), {
        raw: await readMail(path.join(CORPUS_DIR, name)),
      });
      if (outcome.status !== 'stored') throw new Error(`${name}: ${outcome.status}`);
      const [row] = (await mailRows(t.db, tenantId)).filter((r) => r.id === outcome.mailLogId);
      if (!row) throw new Error('no row');
      return { row, attachments: await attachmentRows(t.db, tenantId, row.id) };
    };
    const files = (await mailFiles(CORPUS_DIR)).map((f) => path.relative(CORPUS_DIR, f));
    const withAttachment = files.filter((f) => f.startsWith('attachment_emails/'));
    let attachmentCount = 0;
    for (const name of withAttachment) {
      const { attachments } = await pick(name);
      for (const a of attachments) {
        const bytes = await t.app.deps.files.get(a.fileHash);
        expect(bytes?.byteLength).toBe(a.size);
      }
      attachmentCount += attachments.length;
    }
    expect(attachmentCount).toBeGreaterThan(5);
  });
});

describe('hostile HTML', () => {
  it('comes out without scripts, handlers, forms, frames, styles or remote content', async () => {
    const { tenantId } = await createStore(t.db);
    for (const file of await mailFiles(HOSTILE_DIR)) {
      const outcome = await ingestMail(inStore(tenantId), { raw: await readMail(file) });
      expect(outcome.status).toBe('stored');
    }
    const rows = await mailRows(t.db, tenantId);
    expect(rows).toHaveLength(8);
    for (const row of rows) {
      const html = row.html ?? '';
      expect(html.length, row.subject).toBeGreaterThan(0);
      expect(html).not.toMatch(
        /<script|<style|<form|<input|<button|<textarea|<iframe|<object|<embed|<frame|<base|<meta|<link|<svg/i,
      );
      expect(html).not.toMatch(/\son[a-z]+\s*=/i);
      expect(html).not.toMatch(/javascript:|vbscript:|data:text|expression\(|url\(|behavior/i);
      expect(html).not.toMatch(/\s(?:src|srcset|background|action|formaction)="(?:https?:)?\/\//i);
    }
    const bySubject = (subject: string) => rows.find((r) => r.subject === subject)?.html ?? '';
    expect(bySubject('remote images')).toContain(
      `${BLOCKED_SRC_ATTRIBUTE}="https://tracker.evil.test/pixel.gif?u=1"`,
    );
    expect(bySubject('javascript links')).toContain('href="https://fine.test/"');
    expect(bySubject('style url')).toContain('color:blue');
    expect(bySubject('script')).toContain('<p>after</p>');
    const inline = rows.find((r) => r.subject === 'inline image');
    expect(inline?.html).toContain('src="cid:logo@ok.test"');
    expect(inline?.html).toContain(`${BLOCKED_SRC_ATTRIBUTE}="https://remote.test/r.png"`);
    const [logo] = await attachmentRows(t.db, tenantId, inline?.id ?? 0);
    expect(logo).toMatchObject({ contentId: 'logo@ok.test', isInline: true, contentType: 'image/png' });
  });
});

describe('ingest rules', () => {
  it('makes up a Message-ID from the raw bytes when there is none, so a refetch matches', async () => {
    const { tenantId } = await createStore(t.db);
    const raw = rawMail({ messageId: null, body: 'no id here' });
    const first = await ingestMail(inStore(tenantId), { raw });
    expect(first).toMatchObject({ status: 'stored', messageId: `<${contentKey(raw)}@claimdesk.invalid>` });
    expect(await ingestMail(inStore(tenantId), { raw })).toMatchObject({ status: 'duplicate' });
  });

  it('is idempotent per store, not across stores', async () => {
    const a = await createStore(t.db);
    const b = await createStore(t.db);
    const raw = rawMail({ messageId: '<shared@customer.test>' });
    expect((await ingestMail(inStore(a.tenantId), { raw })).status).toBe('stored');
    expect((await ingestMail(inStore(b.tenantId), { raw })).status).toBe('stored');
    expect((await ingestMail(inStore(a.tenantId), { raw })).status).toBe('duplicate');
  });

  it('takes the same mail through a second mailbox once, and keeps a different mail reusing its id', async () => {
    const { tenantId } = await createStore(t.db);
    const raw = rawMail({ messageId: '<reused@broken.test>' });
    await ingestMail(inStore(tenantId), { raw });
    const viaOtherBox = Buffer.concat([
      Buffer.from('Received: from mx2.store.test\r\nDelivered-To: claims@store.test\r\n'),
      raw,
    ]);
    expect((await ingestMail(inStore(tenantId), { raw: viaOtherBox })).status).toBe('duplicate');
    const other = rawMail({ messageId: '<reused@broken.test>', body: 'A different mail' });
    const outcome = await ingestMail(inStore(tenantId), { raw: other });
    expect(outcome).toMatchObject({
      status: 'stored',
      messageId: `<${contentKey(other)}@claimdesk.invalid>`,
    });
    expect((await ingestMail(inStore(tenantId), { raw: other })).status).toBe('duplicate');
    expect(await mailRows(t.db, tenantId)).toHaveLength(2);
  });

  it('keeps a mail the parser refuses as unparseable with its raw file, and parses it again later', async () => {
    const { tenantId } = await createStore(t.db);
    const raw = rawMail({ messageId: '<refused@customer.test>', subject: 'Parse me later' });
    const failing: Omit<IngestDeps, 'db'> = {
      ...deps,
      parse: () => Promise.reject(new Error('parser broke')),
    };
    const outcome = await ingestMail(inStore(tenantId, failing), { raw });
    expect(outcome).toMatchObject({
      status: 'unparseable',
      messageId: '<refused@customer.test>',
      error: 'parser broke',
    });
    expect((await ingestMail(inStore(tenantId, failing), { raw })).status).toBe('duplicate');
    const [row] = await mailRows(t.db, tenantId);
    expect(row).toMatchObject({
      parseState: 'unparseable',
      parseError: 'parser broke',
      caseId: null,
      subject: '',
    });
    const [eml] = await attachmentRows(t.db, tenantId, row?.id ?? 0);
    expect(eml).toMatchObject({
      fileName: 'message.eml',
      contentType: 'message/rfc822',
      fileHash: contentKey(raw),
    });

    expect(await reparseMail(inStore(tenantId, failing), row?.id ?? 0)).toMatchObject({
      status: 'unparseable',
    });
    expect(await reparseMail(inStore(tenantId), row?.id ?? 0)).toEqual({ status: 'parsed' });
    const [after] = await mailRows(t.db, tenantId);
    expect(after).toMatchObject({
      parseState: 'ok',
      subject: 'Parse me later',
      fromAddress: 'kari@customer.test',
    });
    expect(await attachmentRows(t.db, tenantId, row?.id ?? 0)).toHaveLength(0);
  });

  it('does not take a deleted mail back in', async () => {
    const { tenantId } = await createStore(t.db);
    await t.db.insert(mailTombstones).values({ tenantId, messageId: '<gone@customer.test>' });
    const outcome = await ingestMail(inStore(tenantId), {
      raw: rawMail({ messageId: '<gone@customer.test>' }),
    });
    expect(outcome.status).toBe('tombstoned');
    expect(await mailRows(t.db, tenantId)).toHaveLength(0);
  });

  it('marks auto-replies, bulk mail, delivery reports and our own mails coming back', async () => {
    const { tenantId } = await createStore(t.db);
    const cases: [string[], string | null, string?][] = [
      [['Auto-Submitted: auto-replied'], 'auto-reply'],
      [['Auto-Submitted: no'], null],
      [['X-Autoreply: yes'], 'auto-reply'],
      [['Precedence: bulk'], 'bulk'],
      [['Precedence: junk'], 'bulk'],
      [['Precedence: list'], 'bulk'],
      [['Precedence: auto_reply'], 'auto-reply'],
      [['List-Id: <news.shop.test>'], 'bulk'],
      [[], 'own-loop', '<claimdesk.case-10042.abc@store.test>'],
      [[], null],
    ];
    for (const [index, [headers, expected, messageId]] of cases.entries()) {
      const outcome = await ingestMail(inStore(tenantId), {
        raw: rawMail({ messageId: messageId ?? `<auto-${String(index)}@x.test>`, headers }),
      });
      expect(outcome.status).toBe('stored');
      const row = (await mailRows(t.db, tenantId)).at(-1);
      expect(row?.autoKind, headers.join() || (messageId ?? 'plain')).toBe(expected);
    }
  });

  it('stores text with NUL bytes and broken headers without failing', async () => {
    const { tenantId } = await createStore(t.db);
    const raw = rawMail({
      messageId: '<nul@x.test>',
      subject: 'a\u0000b',
      body: 'before\u0000after',
      headers: ['Date: not a date'],
    });
    const outcome = await ingestMail(inStore(tenantId), { raw });
    expect(outcome.status).toBe('stored');
    const [row] = await mailRows(t.db, tenantId);
    expect(row?.text).toContain('beforeafter');
  });
});
