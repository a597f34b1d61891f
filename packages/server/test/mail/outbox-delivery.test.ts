/**
 * Sending through the outbox with a real SMTP receiver: the mail and its job written together and
 * sent with our headers, retries with backoff, giving up after the last attempt or on a permanent
 * error, a server that is no SMTP server, and two workers at once sending each mail once. Set-up in
 * outbox-setup.ts.
 */
import net from 'node:net';
import { describe, expect, it } from 'vitest';
import { createMailbox } from '../helpers/factories';
import {
  fast,
  mailRow,
  outboxSize,
  pendingCount,
  queue,
  secrets,
  setUpOutboxApp,
  smtp,
  storeWithCase,
  t,
  worker,
} from './outbox-setup';

setUpOutboxApp();
describe('outbox', () => {
  it('writes the mail and its job together and sends it with our Message-ID, thread headers and case tag', async () => {
    const { tenantId, mailbox, caseRow } = await storeWithCase();
    const [id] = await queue(tenantId, mailbox, caseRow);
    expect(await pendingCount(tenantId, caseRow.id)).toBe(1);
    expect(await outboxSize(tenantId)).toBe(1);
    expect(await worker().runOnce()).toBe(1);

    const [received] = smtp.received;
    expect(received?.to.sort()).toEqual(['archive@store.test', 'kari@customer.test']);
    const raw = received?.raw.toString() ?? '';
    const row = await mailRow(tenantId, id ?? 0);
    expect(row).toMatchObject({ sendState: 'sent', sendAttempts: 1, sendError: null, direction: 'out' });
    expect(row?.messageId).toMatch(new RegExp(`^<claimdesk\\.case-${String(caseRow.caseNumber)}\\.`));
    expect(raw).toContain(`Message-ID: ${row?.messageId ?? ''}`);
    expect(raw).toContain('In-Reply-To: <q1@customer.test>');
    expect(raw).toContain('References: <q0@customer.test> <q1@customer.test>');
    expect(raw).toContain(`Subject: Your claim 0 [#${String(caseRow.caseNumber)}]`);
    expect(raw).not.toMatch(/^Bcc:/m);
    expect(await pendingCount(tenantId, caseRow.id)).toBe(0);
    expect(await outboxSize(tenantId)).toBe(0);
    expect(await worker().runOnce()).toBe(0);
    expect(smtp.received).toHaveLength(1);
  });

  it('retries a refused mail with backoff and sends it once', async () => {
    const { tenantId, mailbox, caseRow } = await storeWithCase();
    const [id] = await queue(tenantId, mailbox, caseRow);
    smtp.refuseNext(2);
    const w = worker({ ...fast, backoffBaseMs: 300 });
    expect(await w.runOnce()).toBe(1);
    expect(await mailRow(tenantId, id ?? 0)).toMatchObject({ sendState: 'pending', sendAttempts: 1 });
    expect((await mailRow(tenantId, id ?? 0))?.sendError).toMatch(/451/);
    // Not due again before its backoff has passed.
    expect(await w.runOnce()).toBe(0);
    w.start();
    try {
      await smtp.waitFor(1);
    } finally {
      await w.stop();
    }
    expect(smtp.received).toHaveLength(1);
    expect(await mailRow(tenantId, id ?? 0)).toMatchObject({
      sendState: 'sent',
      sendAttempts: 3,
      sendError: null,
    });
  });

  it('gives up after the last attempt or on a permanent error, and shows the error', async () => {
    const { tenantId, mailbox, caseRow } = await storeWithCase();
    const [id] = await queue(tenantId, mailbox, caseRow);
    smtp.refuseNext(100);
    const w = worker({ ...fast, maxAttempts: 2, backoffBaseMs: 0 });
    await w.runOnce();
    await w.runOnce();
    expect(await mailRow(tenantId, id ?? 0)).toMatchObject({ sendState: 'failed', sendAttempts: 2 });
    expect((await mailRow(tenantId, id ?? 0))?.sendError).toMatch(/451/);
    expect(await pendingCount(tenantId, caseRow.id)).toBe(0);
    expect(await outboxSize(tenantId)).toBe(0);

    const wrong = await createMailbox(t.db, secrets, {
      tenantId,
      address: 'other@store.test',
      kind: 'imap-password',
      imapHost: '127.0.0.1',
      imapPort: 1,
      imapUser: 'support@store.test',
      smtpHost: smtp.host,
      smtpPort: smtp.port,
      smtpSecure: false,
      secret: 'wrong-secret',
    });
    const [bad] = await queue(tenantId, wrong, caseRow);
    await worker().runOnce();
    expect(await mailRow(tenantId, bad ?? 0)).toMatchObject({ sendState: 'failed', sendAttempts: 1 });
    expect(smtp.received).toHaveLength(0);
  });

  it('a mailbox whose SMTP server is another kind of service: the error names the failure, never its words', async () => {
    const banner = 'SSH-2.0-OpenSSH_9.2p1 internal-build-host\r\n';
    const ssh = net.createServer((socket) => {
      socket.on('error', () => undefined);
      socket.write(banner);
    });
    await new Promise<void>((resolve) => ssh.listen(0, '127.0.0.1', resolve));
    try {
      const { port } = ssh.address() as net.AddressInfo;
      const { tenantId, mailbox, caseRow } = await storeWithCase({ host: '127.0.0.1', port });
      const [id] = await queue(tenantId, mailbox, caseRow);
      // One attempt: the mail fails for good and leaves the outbox to the other tests.
      expect(await worker({ ...fast, maxAttempts: 1 }).runOnce()).toBe(1);
      const row = await mailRow(tenantId, id ?? 0);
      expect(row?.sendState).toBe('failed');
      expect(row?.sendError).toBe(
        'The connection broke off or the server did not answer as an SMTP server: check the port and the TLS setting',
      );
    } finally {
      ssh.close();
    }
  });

  it('two workers at once, then stopped: each mail reaches the receiver exactly once', async () => {
    const { tenantId, mailbox, caseRow } = await storeWithCase();
    const ids = await queue(tenantId, mailbox, caseRow, 12);
    const a = worker({ ...fast, batchSize: 3 });
    const b = worker({ ...fast, batchSize: 3 });
    a.start();
    b.start();
    await smtp.waitFor(12);
    await Promise.all([a.stop(), b.stop()]);
    const sentIds = smtp.received.map((m) => /^Message-ID: (.*)$/m.exec(m.raw.toString())?.[1]?.trim());
    expect(new Set(sentIds).size).toBe(12);
    for (const id of ids) expect((await mailRow(tenantId, id))?.sendState).toBe('sent');
    expect(await pendingCount(tenantId, caseRow.id)).toBe(0);
  });
});
