import net from 'node:net';
import path from 'node:path';
import nodemailer from 'nodemailer';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLocalFileStorage } from '../../src/lib/file-storage';
import { startInboundSmtp, type InboundSmtp } from '../../src/modules/mail/intake/inbound-smtp.worker';
import { createMailbox, createStore } from '../helpers/factories';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { mailRows, rawMail } from './mail-store';

let t: TestApp;
let inbound: InboundSmtp;
beforeAll(async () => {
  t = await createTestApp();
  inbound = await startInboundSmtp(t.app.deps, { port: 0 });
});
afterAll(async () => {
  await inbound.stop();
  await t.close();
});

const sendTo = (port: number, to: string[], raw: Buffer) =>
  nodemailer
    .createTransport({ host: '127.0.0.1', port, secure: false, ignoreTLS: true })
    .sendMail({ envelope: { from: 'kari@customer.test', to }, raw });

async function storeWith(address: string, kind: 'forward' | 'imap-password' = 'forward', isEnabled = true) {
  const { tenantId } = await createStore(t.db);
  const mailbox = await createMailbox(t.db, t.app.deps.secrets, { tenantId, address, kind, isEnabled });
  return { tenantId, mailbox };
}

/** The server's answer to EHLO, read over a plain socket. */
async function ehlo(port: number): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1');
    let text = '';
    socket.on('data', (chunk) => {
      text += chunk.toString();
      if (text.startsWith('220') && !text.includes('EHLO-SENT')) {
        text += 'EHLO-SENT\n';
        socket.write('EHLO test.local\r\n');
      } else if (/\n250 /.test(text)) {
        socket.end('QUIT\r\n');
        resolve(text);
      }
    });
    socket.on('error', reject);
  });
}

describe('built-in inbound SMTP receiver', () => {
  it('accepts mail for an enabled mailbox and answers 250 only once it is stored', async () => {
    const { tenantId, mailbox } = await storeWith('support@forward-shop.test');
    const info = await sendTo(
      inbound.port,
      ['Support@Forward-Shop.test'],
      rawMail({ messageId: '<in-1@customer.test>' }),
    );
    expect(info.accepted).toHaveLength(1);
    // No waiting: the 250 came after the commit.
    const rows = await mailRows(t.db, tenantId);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      messageId: '<in-1@customer.test>',
      mailboxId: mailbox.id,
      direction: 'in',
    });
  });

  it('refuses an unknown or disabled address with 550 at RCPT TO', async () => {
    await storeWith('off@forward-shop.test', 'forward', false);
    for (const to of ['nobody@forward-shop.test', 'off@forward-shop.test']) {
      const error = await sendTo(inbound.port, [to], rawMail({})).catch((e: unknown) => e);
      expect(error).toMatchObject({ responseCode: 550 });
    }
  });

  it('takes a mail for a known and an unknown recipient in for the known one only', async () => {
    const { tenantId } = await storeWith('mixed@forward-shop.test');
    const info = await sendTo(
      inbound.port,
      ['mixed@forward-shop.test', 'ghost@forward-shop.test'],
      rawMail({ messageId: '<mixed@customer.test>' }),
    );
    expect(info.accepted).toEqual(['mixed@forward-shop.test']);
    expect(info.rejected).toEqual(['ghost@forward-shop.test']);
    expect(await mailRows(t.db, tenantId)).toHaveLength(1);
  });

  it('stores a mail once in each store it was addressed to, also for an IMAP mailbox', async () => {
    const one = await storeWith('first@forward-shop.test');
    const two = await storeWith('second@forward-shop.test', 'imap-password');
    await sendTo(
      inbound.port,
      ['first@forward-shop.test', 'second@forward-shop.test'],
      rawMail({ messageId: '<both@customer.test>' }),
    );
    for (const store of [one, two]) {
      const rows = await mailRows(t.db, store.tenantId);
      expect(rows.map((r) => [r.messageId, r.mailboxId])).toEqual([
        ['<both@customer.test>', store.mailbox.id],
      ]);
    }
  });

  it('answers 451 when the mail cannot be stored, so the sender retries and nothing is lost', async () => {
    const { tenantId } = await storeWith('retry@forward-shop.test');
    // File storage under a regular file: every write fails as on a broken disk.
    const broken = await startInboundSmtp(
      { ...t.app.deps, files: createLocalFileStorage(path.join('/dev/null', 'files')) },
      { port: 0 },
    );
    try {
      const raw = rawMail({ messageId: '<retry@customer.test>' });
      const error = await sendTo(broken.port, ['retry@forward-shop.test'], raw).catch((e: unknown) => e);
      expect(error).toMatchObject({ responseCode: 451 });
      expect(await mailRows(t.db, tenantId)).toHaveLength(0);
      await sendTo(inbound.port, ['retry@forward-shop.test'], raw);
      await sendTo(inbound.port, ['retry@forward-shop.test'], raw);
      expect((await mailRows(t.db, tenantId)).map((r) => r.messageId)).toEqual(['<retry@customer.test>']);
    } finally {
      await broken.stop();
    }
  });

  it('announces its size limit (50 MB) and refuses a bigger mail with 552', async () => {
    expect(await ehlo(inbound.port)).toMatch(/250[- ]SIZE 52428800/);
    const { tenantId } = await storeWith('big@forward-shop.test');
    const small = await startInboundSmtp(t.app.deps, { port: 0, maxBytes: 2000 });
    try {
      const error = await sendTo(
        small.port,
        ['big@forward-shop.test'],
        rawMail({ messageId: '<big@customer.test>', body: 'x'.repeat(5000) }),
      ).catch((e: unknown) => e);
      expect(error).toMatchObject({ responseCode: 552 });
      expect(await mailRows(t.db, tenantId)).toHaveLength(0);
    } finally {
      await small.stop();
    }
  });
});
