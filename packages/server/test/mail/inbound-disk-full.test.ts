/**
 * The inbound SMTP receiver on a disk that fills up: a mail whose raw message still fits but whose
 * attachment does not is answered 451 (temporary), so the sending server keeps it and tries
 * again; nothing of it is kept in the store (before, it was answered 250 and kept as unparseable
 * with the ENOSPC error). Once room is made, the retry is stored whole, once.
 */
import { randomBytes } from 'node:crypto';
import nodemailer from 'nodemailer';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startInboundSmtp, type InboundSmtp } from '../../src/modules/mail/intake/inbound-smtp.worker';
import { createMailbox, createStore } from '../helpers/factories';
import { fullDisk, type FullDisk } from '../helpers/full-disk';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { attachmentRows, mailRows } from './mail-store';

let t: TestApp;
let disk: FullDisk;
let inbound: InboundSmtp;
let tenantId: string;
const errors: unknown[] = [];
const ADDRESS = 'support@full-disk.test';

beforeAll(async () => {
  t = await createTestApp();
  disk = fullDisk(t.app.deps.files, Infinity);
  inbound = await startInboundSmtp(
    { ...t.app.deps, files: disk.files },
    { port: 0, onError: (error) => errors.push(error) },
  );
  ({ tenantId } = await createStore(t.db));
  await createMailbox(t.db, t.app.deps.secrets, { tenantId, address: ADDRESS, kind: 'forward' });
});
afterAll(async () => {
  await inbound.stop();
  await t.close();
});

/** A mail with one attachment of `attachment` bytes (base64 in the raw, so the raw is larger). */
function mailWithAttachment(messageId: string, attachment: Buffer): Buffer {
  const b = 'disk-full-boundary';
  return Buffer.from(
    [
      'From: Kari Nordmann <kari@customer.test>',
      `To: ${ADDRESS}`,
      'Subject: Photos of the broken kettle',
      'Date: Tue, 01 Apr 2025 10:00:00 +0200',
      `Message-ID: ${messageId}`,
      'MIME-Version: 1.0',
      `Content-Type: multipart/mixed; boundary="${b}"`,
      '',
      `--${b}`,
      'Content-Type: text/plain; charset=utf-8',
      '',
      'The photos are attached.',
      `--${b}`,
      'Content-Type: application/octet-stream; name="kettle.bin"',
      'Content-Disposition: attachment; filename="kettle.bin"',
      'Content-Transfer-Encoding: base64',
      '',
      ...(attachment.toString('base64').match(/.{1,76}/g) ?? []),
      `--${b}--`,
      '',
    ].join('\r\n'),
  );
}

const send = (raw: Buffer) =>
  nodemailer
    .createTransport({ host: '127.0.0.1', port: inbound.port, secure: false, ignoreTLS: true })
    .sendMail({ envelope: { from: 'kari@customer.test', to: [ADDRESS] }, raw });

describe('inbound SMTP on a full disk', () => {
  it('answers 451 when the attachment finds no room, keeps nothing, and stores the retry once room is made', async () => {
    const attachment = randomBytes(200 * 1024);
    const raw = mailWithAttachment('<full-disk-1@customer.test>', attachment);
    // Room for the raw message, not for its attachment as well.
    disk.setFree(raw.byteLength + 1024);

    const refused = await send(raw).catch((error: unknown) => error);
    expect(refused).toMatchObject({ responseCode: 451 });
    expect((refused as Error).message).toContain('Insufficient system storage');
    expect(disk.failures()).toBe(1);
    // Not kept as unparseable (nor as anything else): the sender still has it and retries.
    expect(await mailRows(t.db, tenantId)).toEqual([]);
    expect(errors.some((e) => (e as { code?: string }).code === 'ENOSPC')).toBe(true);

    disk.setFree(Infinity);
    const info = await send(raw);
    expect(info.accepted).toEqual([ADDRESS]);
    const rows = await mailRows(t.db, tenantId);
    expect(rows.map((r) => [r.messageId, r.parseState])).toEqual([['<full-disk-1@customer.test>', 'ok']]);
    const [row] = rows;
    const files = await attachmentRows(t.db, tenantId, row?.id ?? 0);
    expect(files.map((f) => [f.fileName, f.size])).toEqual([['kettle.bin', attachment.byteLength]]);
    expect(await t.app.deps.files.get(files[0]?.fileHash ?? '')).toEqual(attachment);
  });

  it('answers 451 when not even the raw message fits', async () => {
    disk.setFree(0);
    const raw = mailWithAttachment('<full-disk-2@customer.test>', randomBytes(1024));
    const refused = await send(raw).catch((error: unknown) => error);
    expect(refused).toMatchObject({ responseCode: 451 });
    expect((await mailRows(t.db, tenantId)).map((r) => r.messageId)).not.toContain(
      '<full-disk-2@customer.test>',
    );
    disk.setFree(Infinity);
  });
});
