/**
 * A local stand-in of a browser's push service (RFC 8030) over HTTPS with a certificate made for
 * the test, and a browser's side of a subscription: its P-256 key pair and authentication secret,
 * with which a received push is decrypted as RFC 8291 and RFC 8188 say (written here from the
 * RFCs, not with the library that encrypted it).
 */
import { execFileSync } from 'node:child_process';
import { createECDH, createDecipheriv, hkdfSync, randomBytes, type ECDH } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, Agent, type Server } from 'node:https';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { importJWK, jwtVerify, type JWTPayload } from 'jose';

export interface ReceivedPush {
  /** The path of the endpoint it was sent to. */
  path: string;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

export interface PushServiceStandIn {
  origin: string;
  /** An agent that trusts the stand-in's certificate. */
  agent: Agent;
  /** The stand-in's certificate, for a sender to trust. */
  ca: Buffer;
  received: ReceivedPush[];
  /** TCP connections made to it so far (a refused push makes none). */
  connections: () => number;
  /** The status the endpoint at `path` answers from now on (201 by default). */
  answer: (path: string, status: number) => void;
  stop: () => Promise<void>;
}

export async function startPushService(): Promise<PushServiceStandIn> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'push-service-'));
  const key = path.join(dir, 'key.pem');
  const cert = path.join(dir, 'cert.pem');
  execFileSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'ec',
      '-pkeyopt',
      'ec_paramgen_curve:prime256v1',
      '-nodes',
      '-keyout',
      key,
      '-out',
      cert,
      '-days',
      '1',
      '-subj',
      '/CN=127.0.0.1',
      '-addext',
      'subjectAltName=IP:127.0.0.1',
    ],
    { stdio: 'ignore' },
  );
  const tls = { key: readFileSync(key), cert: readFileSync(cert) };
  rmSync(dir, { recursive: true, force: true });
  const received: ReceivedPush[] = [];
  const answers = new Map<string, number>();
  const server: Server = createServer(tls, (request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const at = request.url ?? '';
      received.push({ path: at, headers: request.headers, body: Buffer.concat(chunks) });
      response.writeHead(answers.get(at) ?? 201).end();
    });
  });
  let connections = 0;
  server.on('connection', () => {
    connections += 1;
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const agent = new Agent({ ca: tls.cert });
  return {
    origin: `https://127.0.0.1:${String(port)}`,
    agent,
    ca: tls.cert,
    received,
    connections: () => connections,
    answer: (at, status) => answers.set(at, status),
    stop: async () => {
      agent.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** A browser's side of a push subscription. */
export class BrowserSubscription {
  private readonly ecdh: ECDH = createECDH('prime256v1');
  readonly publicKey: Buffer;
  readonly authSecret = randomBytes(16);

  constructor(readonly endpoint: string) {
    this.publicKey = this.ecdh.generateKeys();
  }

  /** As PushSubscription.toJSON() gives it to the app. */
  toJSON() {
    return {
      endpoint: this.endpoint,
      expirationTime: null,
      keys: { p256dh: this.publicKey.toString('base64url'), auth: this.authSecret.toString('base64url') },
    };
  }

  /** The plaintext of an `aes128gcm` push body (RFC 8291 section 3.4, RFC 8188 section 2). */
  decrypt(body: Buffer): string {
    const salt = body.subarray(0, 16);
    const recordSize = body.readUInt32BE(16);
    const idLength = body.readUInt8(20);
    const serverKey = body.subarray(21, 21 + idLength);
    const record = body.subarray(21 + idLength);
    if (record.length > recordSize) throw new Error('more than one record');
    const ecdhSecret = this.ecdh.computeSecret(serverKey);
    const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), this.publicKey, serverKey]);
    const ikm = Buffer.from(hkdfSync('sha256', ecdhSecret, this.authSecret, keyInfo, 32));
    const cek = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: aes128gcm\0'), 16));
    const nonce = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: nonce\0'), 12));
    const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
    decipher.setAuthTag(record.subarray(record.length - 16));
    const padded = Buffer.concat([decipher.update(record.subarray(0, record.length - 16)), decipher.final()]);
    // The last record's delimiter is 0x02, after the data and before any zero padding.
    let end = padded.length - 1;
    while (end >= 0 && padded[end] === 0) end--;
    if (padded[end] !== 2) throw new Error('no last-record delimiter');
    return padded.subarray(0, end).toString('utf8');
  }
}

/**
 * Checks a push's VAPID authorisation (RFC 8292): `vapid t=<JWT>, k=<key>`, the token signed
 * with ES256 by that key, for the endpoint's origin. Answers the key and the token's claims.
 */
export async function verifyVapid(
  authorization: string | undefined,
  audience: string,
): Promise<{ key: string; claims: JWTPayload }> {
  const match = /^vapid t=([^,\s]+),\s*k=([A-Za-z0-9_-]+)$/.exec(authorization ?? '');
  if (!match?.[1] || !match[2]) throw new Error(`not a VAPID authorisation: ${String(authorization)}`);
  const raw = Buffer.from(match[2], 'base64url');
  if (raw.length !== 65 || raw[0] !== 4) throw new Error('the VAPID key is no uncompressed P-256 point');
  const key = await importJWK(
    {
      kty: 'EC',
      crv: 'P-256',
      x: raw.subarray(1, 33).toString('base64url'),
      y: raw.subarray(33).toString('base64url'),
    },
    'ES256',
  );
  const { payload, protectedHeader } = await jwtVerify(match[1], key, { audience, algorithms: ['ES256'] });
  if (protectedHeader.typ !== 'JWT') throw new Error('the VAPID token is no JWT');
  return { key: match[2], claims: payload };
}
