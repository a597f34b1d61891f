/**
 * Raw HTTP to a listening server, for what app.inject cannot show: a body written a chunk at a
 * time as the socket takes it, an answer that comes before the body is done, a client that goes
 * away midway, and malformed multipart bodies byte for byte.
 */
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import http from 'node:http';
import { XSRF, type Session } from './api';
import { pngBytes } from './files';

export interface Answer {
  status: number;
  /** Whether the request went on a connection an earlier request used (with a keep-alive agent). */
  isReusedSocket: boolean;
  headers: http.IncomingHttpHeaders;
  body: string;
}

/** Reads a whole answer as text, with whether it came on a reused keep-alive socket. */
function readAnswer(
  request: http.ClientRequest,
  response: http.IncomingMessage,
  onAnswer: (answer: Answer) => void,
): void {
  const chunks: Buffer[] = [];
  response.on('data', (chunk: Buffer) => chunks.push(chunk));
  response.on('end', () => {
    onAnswer({
      status: response.statusCode ?? 0,
      isReusedSocket: request.reusedSocket,
      headers: response.headers,
      body: Buffer.concat(chunks).toString('utf8'),
    });
  });
}

export const authHeaders = (session: Session) => ({
  authorization: `Bearer ${session.token}`,
  'x-tenant-id': session.tenantId,
  cookie: `XSRF-TOKEN=${XSRF}`,
  'x-xsrf-token': XSRF,
});

/**
 * The answer to a request whose body is written as given; resolves as soon as the answer is
 * complete. Without an agent, each request has its own connection, closed after the answer.
 */
export function send(
  port: number,
  session: Session,
  url: string,
  headers: Record<string, string>,
  body: Buffer,
  agent?: http.Agent,
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const request = http.request(
      {
        host: '127.0.0.1',
        port,
        method: 'POST',
        path: url,
        agent: agent ?? false,
        headers: { ...authHeaders(session), 'content-length': String(body.byteLength), ...headers },
      },
      (response) => {
        readAnswer(request, response, (answer) => {
          resolve(answer);
          if (!agent) request.destroy();
        });
      },
    );
    // A server that answers before reading the whole body may close the socket under the writer.
    request.on('error', reject);
    request.end(body);
  });
}

export const boundary = () => `----claimdesk-${randomUUID()}`;
export const partHead = (
  b: string,
  name = 'file',
  filename = 'file.bin',
  type = 'application/octet-stream',
) =>
  `--${b}\r\nContent-Disposition: form-data; name="${name}"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`;
export const formType = (b: string) => ({ 'content-type': `multipart/form-data; boundary=${b}` });

export const sendable = (f: { headers: Record<string, string>; body: Buffer }) =>
  [f.headers, f.body] as const;

/** A whole multipart body with one file part. */
export function form(bytes: Buffer, options: { name?: string; filename?: string; type?: string } = {}) {
  const b = boundary();
  return {
    headers: formType(b),
    body: Buffer.concat([
      Buffer.from(partHead(b, options.name, options.filename, options.type)),
      bytes,
      Buffer.from(`\r\n--${b}--\r\n`),
    ]),
  };
}

/**
 * An upload written a chunk at a time as the socket takes it: `size` bytes of a pattern (its first
 * chunk unique), hashed as sent, so the client holds one chunk and never the file. It stops after
 * `pauseAfter` bytes until `resume` is called, and `abort` cuts the connection.
 */
export function streamUpload(
  port: number,
  session: Session,
  url: string,
  size: number,
  options: { pauseAfter?: number; isChunked?: boolean } = {},
) {
  const b = boundary();
  const head = Buffer.from(partHead(b));
  const tail = Buffer.from(`\r\n--${b}--\r\n`);
  const filler = Buffer.alloc(64 * 1024, 0x5a);
  // A PNG's signature first, so that the picture route takes it too.
  const first = Buffer.concat([pngBytes().subarray(0, 8), randomBytes(24), filler]).subarray(
    0,
    filler.byteLength,
  );
  const hash = createHash('sha256');
  let resume = () => {};
  const request = http.request({
    host: '127.0.0.1',
    port,
    method: 'POST',
    path: url,
    agent: false,
    headers: {
      ...authHeaders(session),
      ...formType(b),
      ...(!options.isChunked && { 'content-length': String(head.byteLength + size + tail.byteLength) }),
    },
  });
  const answer = new Promise<Answer>((resolve, reject) => {
    request.on('error', reject);
    request.on('response', (response) => {
      readAnswer(request, response, resolve);
    });
  });
  const written = (async () => {
    const write = (chunk: Buffer) =>
      new Promise<void>((resolve, reject) => {
        if (request.destroyed) {
          reject(new Error('request destroyed'));
          return;
        }
        if (request.write(chunk)) resolve();
        else request.once('drain', resolve);
      });
    await write(head);
    let sent = 0;
    while (sent < size) {
      if (options.pauseAfter !== undefined && sent >= options.pauseAfter) {
        await new Promise<void>((resolve) => (resume = resolve));
        options.pauseAfter = undefined;
      }
      const source = sent === 0 ? first : filler;
      const chunk = source.subarray(0, Math.min(source.byteLength, size - sent));
      hash.update(chunk);
      await write(chunk);
      sent += chunk.byteLength;
    }
    request.end(tail);
  })();
  return {
    answer,
    /** The SHA-256 of the file's bytes, once all are written. */
    hash: written.then(() => hash.digest('hex')),
    resume: () => {
      resume();
    },
    abort: () => request.destroy(),
  };
}

/** The status of a plain read as the session's user: their own user record. */
export const readSelf = (port: number, session: Session, username: string) =>
  new Promise<number>((resolve, reject) => {
    http
      .get(
        {
          host: '127.0.0.1',
          port,
          path: `/v2/api/users/by-user-name?userName=${encodeURIComponent(username)}`,
          agent: false,
          headers: authHeaders(session),
        },
        (response) => {
          response.resume();
          resolve(response.statusCode ?? 0);
        },
      )
      .on('error', reject);
  });
