import { spawn, type ChildProcess } from 'node:child_process';
import { access, chmod, chown, mkdir, mkdtemp, readFile, rm, utimes, writeFile } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { ImapFlow } from 'imapflow';
import { SMTPServer } from 'smtp-server';

const DOVECOT = '/usr/sbin/dovecot';
const CONFIG_TEMPLATE = path.resolve(import.meta.dirname, '../mail/dovecot.conf');

/** A free TCP port on 127.0.0.1 (asked of the kernel, then released). */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => {
        resolve(port);
      });
    });
  });
}

async function waitForPort(port: number, child: ChildProcess, log: string): Promise<void> {
  const deadline = Date.now() + 10_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) break;
    const isOpen = await new Promise<boolean>((resolve) => {
      const socket = net.connect(port, '127.0.0.1');
      socket.once('connect', () => {
        socket.destroy();
        resolve(true);
      });
      socket.once('error', () => {
        resolve(false);
      });
    });
    if (isOpen) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  const text = await readFile(log, 'utf8').catch(() => '(no log)');
  throw new Error(`Dovecot did not start on port ${String(port)}:\n${text}`);
}

export interface DovecotServer {
  host: string;
  port: number;
  /** Adds (or changes the password of) an IMAP user; Dovecot rereads the users file. */
  setUser: (user: string, password: string) => Promise<void>;
  /** Appends raw messages to a folder of a user (INBOX by default); answers their UIDs. */
  append: (user: string, raws: (string | Buffer)[], folder?: string) => Promise<number[]>;
  /** A connected client for a user (the caller logs out). */
  connect: (user: string) => Promise<ImapFlow>;
  stop: () => Promise<void>;
}

/**
 * Starts a real Dovecot IMAP server (Debian's dovecot-imapd) in a temporary folder on a free
 * port, with the given users. Throws when Dovecot is not installed: the mail tests need it.
 */
export async function startDovecot(users: Record<string, string> = {}): Promise<DovecotServer> {
  try {
    await access(DOVECOT);
  } catch {
    throw new Error(`Dovecot is missing (${DOVECOT}): install dovecot-imapd to run the mail tests`);
  }
  const dir = await mkdtemp(path.join(os.tmpdir(), 'claimdesk-dovecot-'));
  // Dovecot's mail processes run as nobody and must reach the mail folder through this one.
  await chmod(dir, 0o755);
  await mkdir(path.join(dir, 'mail'));
  await chown(path.join(dir, 'mail'), 65534, 65534);
  const port = await freePort();
  const template = await readFile(CONFIG_TEMPLATE, 'utf8');
  const configFile = path.join(dir, 'dovecot.conf');
  await writeFile(configFile, template.replaceAll('@DIR@', dir).replaceAll('@PORT@', String(port)));
  const passwords = new Map(Object.entries(users));
  let version = 0;
  const writeUsers = async () => {
    const file = path.join(dir, 'users');
    await writeFile(file, [...passwords].map(([user, pass]) => `${user}:{PLAIN}${pass}\n`).join(''));
    // Dovecot rereads the file when its modification second changes: make each write a new second.
    version += 1;
    const stamp = Math.floor(Date.now() / 1000) + version;
    await utimes(file, stamp, stamp);
  };
  await writeUsers();

  const child = spawn(DOVECOT, ['-F', '-c', configFile], { stdio: 'ignore' });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  await waitForPort(port, child, path.join(dir, 'dovecot.log'));

  const connect = async (user: string) => {
    const client = new ImapFlow({
      host: '127.0.0.1',
      port,
      secure: false,
      auth: { user, pass: passwords.get(user) ?? '' },
      logger: false,
    });
    try {
      await client.connect();
    } catch (error) {
      client.close();
      throw error;
    }
    return client;
  };

  return {
    host: '127.0.0.1',
    port,
    setUser: async (user, password) => {
      passwords.set(user, password);
      await writeUsers();
      // Dovecot looks at the users file at most once a second: wait until the change is seen.
      const deadline = Date.now() + 5_000;
      for (;;) {
        try {
          await (await connect(user)).logout();
          return;
        } catch (error) {
          if (Date.now() > deadline) throw error;
          await new Promise((r) => setTimeout(r, 100));
        }
      }
    },
    append: async (user, raws, folder = 'INBOX') => {
      const client = await connect(user);
      try {
        if (folder !== 'INBOX') await client.mailboxCreate(folder).catch(() => undefined);
        const uids: number[] = [];
        for (const raw of raws) {
          const result = await client.append(folder, raw);
          if (!result || result.uid === undefined) throw new Error('append gave no UID');
          uids.push(result.uid);
        }
        return uids;
      } finally {
        await client.logout();
      }
    },
    connect,
    stop: async () => {
      if (child.exitCode === null) {
        child.kill('SIGTERM');
        await exited;
      }
      await rm(dir, { recursive: true, force: true });
    },
  };
}

export interface ReceivedMail {
  from: string;
  to: string[];
  raw: Buffer;
}

export interface SmtpReceiver {
  host: string;
  port: number;
  /** Every mail accepted, in order. */
  received: ReceivedMail[];
  /** Refuses the next `count` mails with a temporary 451 error (to test retries). */
  refuseNext: (count: number) => void;
  /** Waits until at least `count` mails were accepted. */
  waitFor: (count: number, timeoutMs?: number) => Promise<ReceivedMail[]>;
  stop: () => Promise<void>;
}

/** A real SMTP receiver (smtp-server) on a free port that records what it accepts. */
export async function startSmtpReceiver(
  options: { user?: string; password?: string } = {},
): Promise<SmtpReceiver> {
  const received: ReceivedMail[] = [];
  let toRefuse = 0;
  const server = new SMTPServer({
    secure: false,
    disabledCommands: ['STARTTLS'],
    authOptional: !options.user,
    allowInsecureAuth: true,
    logger: false,
    onAuth(auth, _session, callback) {
      if (auth.username === options.user && auth.password === options.password) {
        callback(null, { user: auth.username });
      } else {
        callback(new Error('Invalid username or password'));
      }
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        if (toRefuse > 0) {
          toRefuse -= 1;
          const error = Object.assign(new Error('Try again later'), { responseCode: 451 });
          callback(error);
          return;
        }
        const from = session.envelope.mailFrom;
        received.push({
          from: from ? from.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks),
        });
        callback();
      });
    },
  });
  const port = await freePort();
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });
  // A sender cut off mid-session (a killed server, a dropped connection) resets its socket, which
  // smtp-server reports as an error on the server: part of the test, not a failure of it.
  server.on('error', () => undefined);
  return {
    host: '127.0.0.1',
    port,
    received,
    refuseNext: (count) => {
      toRefuse = count;
    },
    waitFor: async (count, timeoutMs = 10_000) => {
      const deadline = Date.now() + timeoutMs;
      while (received.length < count) {
        if (Date.now() > deadline) {
          throw new Error(`SMTP receiver got ${String(received.length)} mails, expected ${String(count)}`);
        }
        await new Promise((r) => setTimeout(r, 25));
      }
      return received;
    },
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
