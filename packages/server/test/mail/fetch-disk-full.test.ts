/**
 * The IMAP fetch on a disk that fills up: a mail whose raw message still fits but whose
 * attachment does not is not kept as unparseable (before, it was, with the ENOSPC error, and the
 * cursor moved past it); the fetch fails, the cursor stays, and once room is made the same mail
 * is fetched whole.
 */
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { forTenant } from '../../src/db/tenant-db';
import { fetchNewMail } from '../../src/modules/mail/intake/fetch-mailbox.service';
import { connectImap } from '../../src/modules/mail/intake/imap.client';
import { getMailbox } from '../../src/modules/mail/accounts/mailbox.repository';
import { createMailbox, createStore } from '../helpers/factories';
import { fullDisk, type FullDisk } from '../helpers/full-disk';
import { startDovecot, type DovecotServer } from '../helpers/mail-servers';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { attachmentRows, mailRows } from './mail-store';

let t: TestApp;
let dovecot: DovecotServer;
let disk: FullDisk;

beforeAll(async () => {
  dovecot = await startDovecot();
  t = await createTestApp();
  disk = fullDisk(t.app.deps.files, Infinity);
});
afterAll(async () => {
  await t.close();
  await dovecot.stop();
});

function mailWithAttachment(messageId: string, attachment: Buffer): Buffer {
  const b = 'fetch-disk-full';
  return Buffer.from(
    [
      'From: Kari Nordmann <kari@customer.test>',
      'To: box@store.test',
      'Subject: The receipt',
      'Date: Tue, 01 Apr 2025 10:00:00 +0200',
      `Message-ID: ${messageId}`,
      'MIME-Version: 1.0',
      `Content-Type: multipart/mixed; boundary="${b}"`,
      '',
      `--${b}`,
      'Content-Type: text/plain; charset=utf-8',
      '',
      'The receipt is attached.',
      `--${b}`,
      'Content-Type: application/pdf; name="receipt.pdf"',
      'Content-Disposition: attachment; filename="receipt.pdf"',
      'Content-Transfer-Encoding: base64',
      '',
      ...(attachment.toString('base64').match(/.{1,76}/g) ?? []),
      `--${b}--`,
      '',
    ].join('\r\n'),
  );
}

describe('IMAP fetch on a full disk', { timeout: 90_000 }, () => {
  it('fails without moving the cursor or keeping the mail as unparseable, then fetches it once room is made', async () => {
    const user = 'full-disk@store.test';
    await dovecot.setUser(user, 'pw-full');
    const { tenantId } = await createStore(t.db);
    const mailbox = await createMailbox(t.db, t.app.deps.secrets, {
      tenantId,
      address: user,
      kind: 'imap-password',
      imapHost: dovecot.host,
      imapPort: dovecot.port,
      imapSecure: false,
      imapUser: user,
      imapFolder: 'INBOX',
      secret: 'pw-full',
    });
    const attachment = randomBytes(150 * 1024);
    const raw = mailWithAttachment('<fetch-full@customer.test>', attachment);
    await dovecot.append(user, [raw]);
    const db = forTenant(t.db, tenantId);
    const deps = { db, files: disk.files, secrets: t.app.deps.secrets };

    const client = await connectImap(mailbox, t.app.deps.secrets);
    try {
      // Room for the raw message (IMAP may add a header or two), not for its attachment as well.
      disk.setFree(raw.byteLength + 4096);
      await expect(fetchNewMail(deps, client, mailbox)).rejects.toMatchObject({ code: 'ENOSPC' });
      expect(disk.failures()).toBe(1);
      expect(await mailRows(t.db, tenantId)).toEqual([]);
      const after = await getMailbox(db, mailbox.id);
      expect(after?.lastUid ?? 0).toBe(0);

      disk.setFree(Infinity);
      expect(await fetchNewMail(deps, client, after ?? mailbox)).toBe(1);
      const rows = await mailRows(t.db, tenantId);
      expect(rows.map((r) => [r.messageId, r.parseState])).toEqual([['<fetch-full@customer.test>', 'ok']]);
      const files = await attachmentRows(t.db, tenantId, rows[0]?.id ?? 0);
      expect(files.map((f) => [f.fileName, f.size])).toEqual([['receipt.pdf', attachment.byteLength]]);
    } finally {
      await client.logout().catch(() => undefined);
    }
  });
});
