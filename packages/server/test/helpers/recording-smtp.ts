import { SMTPServer } from 'smtp-server';
import { freePort } from './mail-servers';

export interface RecordingSmtp {
  host: string;
  port: number;
  url: string;
  /** Each message whose last line arrived (delivered, whatever the answer), by Message-ID. */
  deliveries: Map<string, number>;
  /** How many messages arrived in all. */
  count: () => number;
  waitFor: (count: number, timeoutMs?: number) => Promise<void>;
  stop: () => Promise<void>;
}

/**
 * A real SMTP receiver (smtp-server) that counts every message it took by Message-ID, for the
 * at-most-once tests. A message counts as soon as its last line arrived, before the answer: a
 * real server delivers it even when the sender never hears the 250. `beforeAnswer` may delay
 * the answer (a slow server), hold it for ever (`'never'`) or act then (kill the sender).
 */
export async function startRecordingSmtp(
  options: {
    auth?: { user: string; password?: string; accessToken?: string };
    beforeAnswer?: (messageId: string, count: number) => Promise<'answer' | 'never'> | 'answer' | 'never';
  } = {},
): Promise<RecordingSmtp> {
  const deliveries = new Map<string, number>();
  let count = 0;
  const { auth } = options;
  const server = new SMTPServer({
    secure: false,
    disabledCommands: ['STARTTLS'],
    authOptional: !auth,
    allowInsecureAuth: true,
    authMethods: auth?.accessToken ? ['XOAUTH2'] : ['PLAIN', 'LOGIN'],
    logger: false,
    onAuth(login, _session, callback) {
      const isValid =
        auth !== undefined &&
        login.username === auth.user &&
        (auth.accessToken ? login.accessToken === auth.accessToken : login.password === auth.password);
      if (isValid) callback(null, { user: login.username });
      else callback(new Error('Invalid username or password'));
    },
    onData(stream, _session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString();
        const messageId = /^Message-ID: (.*)$/im.exec(raw)?.[1]?.trim() ?? '(none)';
        deliveries.set(messageId, (deliveries.get(messageId) ?? 0) + 1);
        count += 1;
        void Promise.resolve(options.beforeAnswer?.(messageId, count) ?? 'answer').then((what) => {
          if (what === 'answer') callback();
        });
      });
    },
  });
  const port = await freePort();
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => {
      resolve();
    });
  });
  // A sender cut off mid-session (a killed server, a dropped connection) resets its socket, which
  // smtp-server reports as an error on the server: part of the test, not a failure of it.
  server.on('error', () => undefined);
  return {
    host: '127.0.0.1',
    port,
    url: `smtp://127.0.0.1:${String(port)}`,
    deliveries,
    count: () => count,
    waitFor: async (wanted, timeoutMs = 10_000) => {
      const deadline = Date.now() + timeoutMs;
      while (count < wanted) {
        if (Date.now() > deadline) {
          throw new Error(`SMTP receiver got ${String(count)} mails, expected ${String(wanted)}`);
        }
        await new Promise((r) => setTimeout(r, 25));
      }
    },
    // Connections held open on purpose are cut, or close() would wait for them.
    stop: () =>
      new Promise<void>((resolve) => {
        for (const connection of (server as unknown as { connections: Set<{ close: () => void }> })
          .connections)
          connection.close();
        server.close(() => {
          resolve();
        });
      }),
  };
}
