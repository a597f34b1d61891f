// Issue 22's figures. (1) The compose calls, GET (a reply's prefill on a case with a short
// thread) and POST (a small reply queued), through the API, behind a bare node:http server
// running the same services (the floor, lib/compose-floor-server.ts), and as those services
// called in this process with the app's own dependencies on a node-postgres pool (the ceiling:
// the SQL plus the services' own work). (2) 1,000 mails queued at once and sent by the real
// outbox worker to a local SMTP receiver: mails per second, none twice.
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { XSRF_COOKIE, XSRF_HEADER, type TSendMailRequest } from '@claimdesk/contracts';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { caseCompose } from '../packages/server/src/modules/mail/writing/compose-prefill.service';
import { sendCaseMail } from '../packages/server/src/modules/mail/writing/send-mail.service';
import { loadConfig } from '../packages/server/src/config';
import { openDatabase } from '../packages/server/src/db/client';
import { startSmtpReceiver } from '../packages/server/test/helpers/mail-servers';
import { composeDeps, composeEnv, staffAuth } from './lib/compose-deps';
import { AGENT, AGENT_PASSWORD, TENANT, fillComposeStore, type ComposeCase } from './lib/compose-data';
import { formatLoad, inTurns, measure, measureCalls, type LoadRequest, type Measured } from './lib/load';
import { SAMPLE, runOutbox, type OutboxFigures } from './lib/outbox-run';
import { startProcess } from './lib/processes';

const DB_NAME = 'claimdesk_bench_compose';
const CASES = 200;
const MAILS = Number(process.env.BENCH_OUTBOX_MAILS ?? 1000);
const CONNECTIONS = 50;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const POOL_SIZE = 2 * os.availableParallelism();
const API_OF_SQL = 0.5;
const MAILS_PER_SECOND = 200;
/** BENCH_COMPOSE_PARTS=outbox runs only the send figure (the compose calls are skipped). */
const isOutboxOnly = process.env.BENCH_COMPOSE_PARTS === 'outbox';
const root = path.resolve(import.meta.dirname, '..');

const serverUrl = process.env.DATABASE_URL;
if (!serverUrl) {
  console.log(
    '\nmail compose benchmark: skipped (set DATABASE_URL to a PostgreSQL server; it creates its own database there)',
  );
  process.exit(0);
}

async function freshDatabase(): Promise<string> {
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${DB_NAME} WITH (FORCE)`);
  await admin.query(`CREATE DATABASE ${DB_NAME}`);
  await admin.end();
  const url = new URL(serverUrl as string);
  url.pathname = `/${DB_NAME}`;
  return url.toString();
}

async function signIn(url: string): Promise<Record<string, string>> {
  const response = await fetch(`${url}/v2/oauth/token`, {
    method: 'POST',
    headers: {
      authorization: `Basic ${Buffer.from('claimdesk-web:claimdesk-web').toString('base64')}`,
      'x-tenant-id': TENANT,
      'content-type': 'application/x-www-form-urlencoded',
    },
    body: new URLSearchParams({ grant_type: 'password', username: AGENT, password: AGENT_PASSWORD }),
  });
  if (!response.ok) throw new Error(`sign-in failed: ${String(response.status)} ${await response.text()}`);
  const token = ((await response.json()) as { access_token: string }).access_token;
  // The anti-forgery pair a browser sends with a POST: the cookie and the same value in a header.
  const xsrf = 'bench-compose-xsrf';
  return {
    authorization: `Bearer ${token}`,
    'x-tenant-id': TENANT,
    cookie: `${XSRF_COOKIE}=${xsrf}`,
    [XSRF_HEADER.toLowerCase()]: xsrf,
  };
}

const composePath = (c: ComposeCase) => `/v2/api/claims/mails/claim/mail-compose/${String(c.id)}`;
const reply = (c: ComposeCase): TSendMailRequest => ({
  to: [c.customerEmail],
  cc: [],
  bcc: [],
  subject: 'Re: Reklamasjon på espressomaskin',
  html: '<p>Hei Kari,</p><p>en ny maskin er sendt i dag. Den gamle kan du levere i butikken.</p><p>Mvh Bench Compose</p>',
  attachments: [],
  delaySeconds: 0,
  seenMailId: c.answerId,
});
// delaySeconds is left out of what is sent (the contract's default, 0, applies): the schema's
// parsed type names it, the request does not.
const replyBody = (c: ComposeCase) => {
  const { delaySeconds: _left, ...body } = reply(c);
  return body;
};

type Result = { name: string; api: Measured; floor: Measured; sql: Measured };

function printCompose(results: Result[], queued: number) {
  console.log(
    `\n${String(CONNECTIONS)} connections, ${String(POOL_SIZE)} to PostgreSQL; the API, its floor and its ceiling in turn, ${String(ROUNDS)} rounds of ${String(SECONDS)} s each, the median round shown`,
  );
  console.log(
    "  the ceiling: caseCompose and sendCaseMail called in this process with the app's own dependencies (buildApp) on a node-postgres pool",
  );
  const verdict = (ratio: number) => `${(ratio * 100).toFixed(0)}% ${ratio >= API_OF_SQL ? 'PASS' : 'BELOW'}`;
  for (const r of results) {
    console.log(`\n${r.name}`);
    console.log(formatLoad('  API', r.api));
    console.log(formatLoad('  same services behind bare node:http (floor)', r.floor));
    console.log(formatLoad('  same services in process (ceiling)', r.sql));
    console.log(
      `  ratios: API/SQL ${verdict(r.api.rps / r.sql.rps)} (target ≥ ${String(API_OF_SQL * 100)}%), API/bare ${(
        (r.api.rps / r.floor.rps) *
        100
      ).toFixed(0)}%`,
    );
  }
  console.log(
    `\n  each POST queued a reply on one of the ${String(CASES)} cases (the mail row, its bytes on disk, its outbox job and a timeline entry, no undo window; no worker ran): ${queued.toLocaleString('en')} mails queued in all`,
  );
}

function printOutbox(f: OutboxFigures) {
  const { options: o } = f;
  console.log(
    `\nOutbox: ${f.mails.toLocaleString('en')} mails queued at once (queueMail, 8 at a time) and sent by the outbox worker to a local SMTP receiver (smtp-server)`,
  );
  console.log(
    `  the worker: ${String(f.poolSize)} connections to PostgreSQL (the app's default pool), rounds of up to ${String(o.batchSize)} jobs, up to ${String(o.parallelMailboxes)} mailboxes at once, ${String(o.sessionsPerMailbox)} kept SMTP sessions a mailbox (all mails here are one mailbox's)`,
  );
  for (const r of f.runs) {
    const rate = f.mails / (r.acceptedMs / 1000);
    const verdict = `(aim ≥ ${String(MAILS_PER_SECOND)}) ${rate >= MAILS_PER_SECOND ? 'PASS' : 'BELOW'}`;
    const perMail = (total: number) => `${(total / f.mails).toFixed(2)} ms a mail`;
    if (r.isWhileQueueing) {
      console.log(`\n  sent while they were being queued (queued in ${(r.queueMs / 1000).toFixed(1)} s):`);
      console.log(
        `    first queued to last accepted: ${(r.acceptedMs / 1000).toFixed(1)} s = ${rate.toFixed(0)} mails/s ${verdict}`,
      );
    } else {
      console.log(
        `\n  all queued first (${(r.queueMs / 1000).toFixed(1)} s), then the worker started (its own pace):`,
      );
      console.log(
        `    worker start to last accepted: ${(r.acceptedMs / 1000).toFixed(1)} s = ${rate.toFixed(0)} mails/s ${verdict}`,
      );
    }
    console.log(
      `    to the last recorded as sent in the database: ${(r.recordedMs / 1000).toFixed(1)} s; ${String(r.sentRows)} rows sent`,
    );
    console.log(
      `    none twice: ${r.duplicates === 0 && r.missing === 0 && r.sentRows === f.mails ? 'PASS' : 'FAIL'} (${String(r.duplicates)} duplicate Message-IDs, ${String(r.missing)} missing)`,
    );
    console.log(
      `    this process's CPU (worker, receiver${r.isWhileQueueing ? ', queueing' : ''}): ${perMail(r.cpuMs)}, ${((r.cpuMs / r.acceptedMs) * 100).toFixed(0)}% of one core; machine load ${os.loadavg()[0]?.toFixed(1) ?? '?'} on ${String(os.availableParallelism())} cores`,
    );
    console.log(
      `    ${String(r.rounds)} rounds, ${(r.claimMs / 1000).toFixed(2)} s in the claim statement; ${String(r.sessionsOpened)} SMTP sessions opened, ${(r.openMs / 1000).toFixed(2)} s opening them`,
    );
    console.log(
      `    inside the sessions' sends (summed over sessions at once): SMTP ${perMail(r.sendMs - r.stageMs)}; waiting for ${String(r.stageRecords)} stage records (and the mail before's outcome) ${perMail(r.stageMs)}`,
    );
  }
  console.log(
    `\n  a commit on this PostgreSQL (synchronous_commit ${f.synchronousCommit}): ${f.commitMs.toFixed(2)} ms; a mail in a kept session waits for one ('data' before its bytes); its outcome, batched with the mails accepted meanwhile, commits without waiting for the disk and is made durable by the next 'data'`,
  );
  const s = f.smtpOnly;
  console.log(
    `  the SMTP floor: ${String(Math.min(SAMPLE, f.mails))} of the same messages to the same receiver without the outbox (no database), mails/s:`,
  );
  console.log(
    `    the receiver (smtp-server) greets a new connection after ${s.greetingMs.toFixed(0)} ms (its early-talker pause)`,
  );
  console.log(
    `    a new SMTP session each, one after another (nodemailer's transport; the worker's way before): ${s.perMailSession.toFixed(0)}`,
  );
  console.log(`    the same with TCP_NODELAY (Nagle's algorithm off): ${s.perMailSessionNoDelay.toFixed(0)}`);
  console.log(
    `    one kept connection (nodemailer pool): ${s.oneConnection.toFixed(0)}; with TCP_NODELAY: ${s.oneConnectionNoDelay.toFixed(0)}`,
  );
  console.log(`    four kept connections with TCP_NODELAY: ${s.fourConnectionsNoDelay.toFixed(0)}`);
  console.log(
    `    the worker's own ${String(o.sessionsPerMailbox)} kept sessions (openSmtpSession, RSET between mails, TCP_NODELAY): ${s.workerSessions.toFixed(0)}`,
  );
}

async function main() {
  const dbUrl = await freshDatabase();
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'claimdesk-bench-compose-'));
  const receiver = await startSmtpReceiver({ user: 'bench-smtp', password: 'bench-smtp-pass' });
  const env = composeEnv({ dataDir, dbUrl, poolSize: POOL_SIZE });
  const { deps, close } = await composeDeps(env);
  console.log(
    `\nMail compose benchmark on PostgreSQL (${DB_NAME}): ${String(CASES)} cases of 3 mails, a reply to each case's last`,
  );
  const store = await fillComposeStore(deps.db, deps.secrets, receiver, CASES);
  const server = await startProcess(
    process.execPath,
    ['--import', 'tsx', path.join(root, 'packages/server/src/main.ts')],
    env,
    /running at (http:\/\/[\d.:]+)/,
  );
  const floor = await startProcess(
    process.execPath,
    ['--import', 'tsx', path.join(import.meta.dirname, 'lib/compose-floor-server.ts')],
    { ...env, BENCH_TENANT: TENANT, BENCH_USER: AGENT },
    /running at (http:\/\/[\d.:]+)/,
  );
  const auth = staffAuth(deps, TENANT, AGENT);
  const results: Result[] = [];
  try {
    const headers = await signIn(server.url);
    const { cases } = store;
    let turn = 0;
    const nextCase = () => cases[(turn += 1) % cases.length] as ComposeCase;
    const gets: LoadRequest[] = cases.map((c) => ({
      method: 'GET',
      path: `${composePath(c)}?sendType=customer&mailLogId=${String(c.answerId)}`,
      headers,
    }));
    const posts: LoadRequest[] = cases.map((c) => ({
      method: 'POST',
      path: `${composePath(c)}?sendType=customer&mailLogId=${String(c.answerId)}`,
      headers,
      json: replyBody(c),
    }));
    const calls = [
      {
        name: `compose GET: a reply's prefill (sendType=customer, mailLogId), over ${String(CASES)} cases`,
        requests: gets,
        call: () => {
          const c = nextCase();
          return caseCompose(
            deps,
            auth,
            { workFlow: 'claim', id: c.id },
            { sendType: 'customer', mailLogId: c.answerId },
          );
        },
      },
      {
        name: `compose POST: a small reply queued (sendType=customer, mailLogId, seenMailId), over ${String(CASES)} cases`,
        requests: posts,
        call: () => {
          const c = nextCase();
          return sendCaseMail(
            deps,
            auth,
            { workFlow: 'claim', id: c.id },
            { sendType: 'customer', mailLogId: c.answerId },
            reply(c),
          );
        },
      },
    ];
    for (const call of isOutboxOnly ? [] : calls) {
      const requests = call.requests;
      const [api, bare, inProcess] = await inTurns(ROUNDS, [
        (warmUp) => measure(server.url, { connections: CONNECTIONS, seconds: SECONDS, warmUp, requests }),
        (warmUp) => measure(floor.url, { connections: CONNECTIONS, seconds: SECONDS, warmUp, requests }),
        (warmUp) => measureCalls({ connections: CONNECTIONS, seconds: SECONDS, warmUp, call: call.call }),
      ]);
      results.push({ name: call.name, api, floor: bare, sql: inProcess });
    }
    const counted = await deps.db.execute(
      sql`SELECT count(*)::int AS n FROM mail_outbox WHERE tenant_id = ${TENANT}`,
    );
    const queued = (counted as { rows: { n: number }[] }).rows[0]?.n ?? 0;
    if (!isOutboxOnly) printCompose(results, queued);
    // The load's queued replies never leave: their jobs are removed before the send run.
    await deps.db.execute(sql`DELETE FROM mail_outbox WHERE tenant_id = ${TENANT}`);
    // The worker and the queueing on a pool of the app's own default size (as in a server with
    // its default DATABASE_POOL_SIZE), not the loads' POOL_SIZE: eight queueing transactions on
    // four connections would hold the worker's statements in the pool's queue.
    const { DATABASE_POOL_SIZE: _loadPool, ...appEnv } = env;
    const outboxPool = loadConfig({ ...process.env, ...appEnv }).DATABASE_POOL_SIZE;
    const outboxDb = await openDatabase({ url: dbUrl, dataDir, poolSize: outboxPool });
    const figures = await runOutbox({
      db: outboxDb.db,
      poolSize: outboxPool,
      files: deps.files,
      secrets: deps.secrets,
      mailbox: store.mailbox,
      cases,
      receiver,
      mails: MAILS,
    }).finally(() => outboxDb.close());
    printOutbox(figures);
  } finally {
    await floor.stop();
    await server.stop();
    await close();
    await receiver.stop();
    await rm(dataDir, { recursive: true, force: true });
  }
}

await main();
