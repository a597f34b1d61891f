/**
 * A lost database connection is a 503 with Retry-After, not a 500: the errors node-postgres
 * produces (built as its protocol parser builds them, or made for real against a closed port, a
 * server that hangs up and one that never answers), bare and wrapped by drizzle, are told apart
 * from other database errors.
 */
import net from 'node:net';
import { DrizzleQueryError } from 'drizzle-orm/errors';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toErrorResponse } from '../error-response';
import { isConnectionLost } from '../pg-error';

/** An error as pg-protocol's parser builds it from the server's ErrorResponse message. */
const serverError = (code: string, message: string, severity = 'FATAL') =>
  Object.assign(new pg.DatabaseError(message, message.length, 'error'), { code, severity });

const wrapped = (cause: Error) => new DrizzleQueryError('select 1', [], cause);

const expect503 = (error: unknown) => {
  const answer = toErrorResponse(error);
  expect(answer.status).toBe(503);
  expect(answer.body.code).toBe('SERVICE_UNAVAILABLE');
  expect(answer.body.message).toMatch(/database/);
  expect(Number(answer.headers?.['retry-after'])).toBeGreaterThan(0);
};

const servers: net.Server[] = [];
const sockets: net.Socket[] = [];
const listen = async (onSocket: (socket: net.Socket) => void) => {
  const server = net.createServer((socket) => {
    sockets.push(socket);
    onSocket(socket);
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return (server.address() as net.AddressInfo).port;
};
let closedPort: number;
beforeAll(async () => {
  // A port that was just free: nothing listens there.
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  closedPort = (server.address() as net.AddressInfo).port;
  await new Promise<void>((resolve) => server.close(() => resolve()));
});
afterAll(async () => {
  for (const socket of sockets) socket.destroy();
  for (const server of servers) await new Promise<void>((resolve) => server.close(() => resolve()));
});

const connectError = async (port: number, options: pg.ClientConfig = {}) => {
  const client = new pg.Client({ host: '127.0.0.1', port, user: 'x', database: 'x', ...options });
  const error = await client.connect().then(
    () => null,
    (e: unknown) => e,
  );
  await client.end().catch(() => undefined);
  return error;
};

describe('a lost database connection', () => {
  it.each([
    ['57P01', 'terminating connection due to administrator command'],
    ['57P02', 'terminating connection because of crash of another server process'],
    ['57P03', 'the database system is starting up'],
    ['57P05', 'terminating connection due to idle-session timeout'],
    ['08000', 'connection exception'],
    ['08003', 'connection does not exist'],
    ['08006', 'connection failure'],
    ['53300', 'sorry, too many clients already'],
  ])('answers 503 for SQLSTATE %s, bare and wrapped by drizzle', (code, message) => {
    const error = serverError(code, message);
    expect(isConnectionLost(error)).toBe(true);
    expect503(error);
    expect503(wrapped(error));
  });

  it('answers 503 for node-postgres’s own words on a dropped connection', () => {
    for (const message of [
      'Connection terminated unexpectedly',
      'Connection terminated',
      'Connection terminated due to connection timeout',
      'Client has encountered a connection error and is not queryable',
      'Client was closed and is not queryable',
      'timeout exceeded when trying to connect',
    ]) {
      expect503(new Error(message));
      expect503(wrapped(new Error(message)));
    }
    expect503(Object.assign(new Error('read ECONNRESET'), { code: 'ECONNRESET', syscall: 'read' }));
  });

  it('answers 503 for the errors pg really throws: refused, hung up on, never answered', async () => {
    const refused = await connectError(closedPort);
    expect(refused).toMatchObject({ code: 'ECONNREFUSED' });
    expect503(refused);

    const hangsUp = await listen((socket) => socket.once('data', () => socket.destroy()));
    const terminated = await connectError(hangsUp);
    expect(String(terminated)).toMatch(/Connection terminated/);
    expect503(terminated);

    const silent = await listen(() => undefined);
    const pool = new pg.Pool({
      host: '127.0.0.1',
      port: silent,
      user: 'x',
      database: 'x',
      connectionTimeoutMillis: 100,
    });
    const timedOut = await pool.query('select 1').then(
      () => null,
      (e: unknown) => e,
    );
    await pool.end();
    expect(String(timedOut)).toMatch(/timeout/);
    expect503(timedOut);
  });

  it('leaves other database errors alone: a bad value is a 400, a unique violation or a syntax error a 500', () => {
    expect(isConnectionLost(serverError('23505', 'duplicate key value', 'ERROR'))).toBe(false);
    expect(toErrorResponse(wrapped(serverError('22P05', 'unsupported Unicode', 'ERROR'))).status).toBe(400);
    expect(toErrorResponse(wrapped(serverError('42601', 'syntax error', 'ERROR'))).status).toBe(500);
    expect(toErrorResponse(new Error('Connection refused by policy')).status).toBe(500);
  });
});

describe('a full disk', () => {
  it('answers 507 STORAGE_FULL for ENOSPC and EDQUOT, also as a cause', () => {
    for (const code of ['ENOSPC', 'EDQUOT']) {
      const error = Object.assign(new Error(`${code}: no space left on device, write`), { code });
      for (const thrown of [error, new Error('could not store', { cause: error })]) {
        expect(toErrorResponse(thrown)).toMatchObject({
          status: 507,
          body: { code: 'STORAGE_FULL', message: "The server's storage is full" },
        });
      }
    }
  });
});
