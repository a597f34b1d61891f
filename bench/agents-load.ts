// Issue 26, point 13: speed under a realistic load. Simulated agents, each a signed-in staff user
// of one of the 100 bench stores (1,000,000 cases on PostgreSQL, cases-generator.ts), work in an
// OPEN loop: every agent does one action every 2 s on average, in a cycle of six, starting at a
// random point of it: open the case list, search, open one of its cases, save the case (PUT with
// the version it read), read the case's thread, reply to the customer's last mail (a real compose
// send: the outbox worker writes it out through the system transport into DATA_DIR/mail-out). A
// third of the actions write. Meanwhile mail arrives at a fixed rate through the server's own
// inbound SMTP receiver, addressed to the stores' mailboxes: customers answering on the agents'
// cases, and a fifth from strangers (unmapped). Runs at increasing agent counts and prints the
// most agents held with every action's p99 under 100 ms and no errors.
//
// The schedule: a Poisson process per agent (gaps drawn from an exponential distribution with a
// mean of 2 s), drawn up front from a fixed seed, so that each run sends the same actions at the
// same moments whatever the server does. Latency is measured from each action's SCHEDULED time,
// not from when it was sent: a closed loop (or an open loop that sends late and measures from the
// send) waits for slow answers before asking again and so hides the queue ("coordinated
// omission"); here a slow server makes the later actions wait, and that wait is in the figures.
// Poisson rather than a fixed period with a random phase: independent people do not keep step,
// and the bursts that chance brings (a second with 20% more actions than the mean) are what a
// server meets. The generator's own lag (how late each action was sent against its schedule) and
// its CPU are printed, so a reader can tell whether it kept the schedule. Requests go through
// Node's http Agent with keep-alive and no limit on sockets: an action never waits for a free
// connection in the client, as a person's browser would not wait for another person's (it cost
// 0.19 ms of CPU a request here, as an undici Pool did). The server runs as an operator would run
// it behind a reverse proxy (no per-address connection cap: every agent comes from 127.0.0.1),
// with LOG_LEVEL=warn as the other benchmarks. A 409 is counted apart from the errors: a reply is
// refused when the customer wrote meanwhile (the arriving mail), which is the product's answer.
//
// First, what each action costs alone (CPU of the server and of PostgreSQL; BENCH_AGENTS_COSTS=0
// leaves it out). BENCH_AGENTS_SECONDS (default 120) is each step's measured time, after a
// warm-up of a tenth of it (at most 10 s) that is not counted; BENCH_AGENTS=1000,2000 pins the
// counts (by default 500, 1000, 1500, … until a step is not held, then halving below it while
// none was held, or once the middle between the last held and the missed one);
// BENCH_AGENTS_MAIL_RATE is the mails a second (default 5).
import { readdir, mkdtemp, rm, readFile } from 'node:fs/promises';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { XSRF_COOKIE, XSRF_HEADER } from '@claimdesk/contracts';
import nodemailer from 'nodemailer';
import pg from 'pg';
import { FIRST_NAMES, LAST_NAMES } from '../packages/server/src/seed/demo-case-data';
import {
  AGENTS_PER_STORE,
  agentUser,
  ensureAgentsData,
  storeMailbox,
  type AgentCase,
} from './lib/agents-data';
import { BENCH_PASSWORD, benchStore, generate, isGenerated } from './lib/cases-generator';
import { startProcess } from './lib/processes';
import { ensureBenchDatabase } from './lib/bench-database';

const CASES = Number(process.env.BENCH_CASES ?? 1_000_000);
const STORES = Number(process.env.BENCH_STORES ?? 100);
const SECONDS = Number(process.env.BENCH_AGENTS_SECONDS ?? 120);
const WARM_UP_SECONDS = Math.min(10, SECONDS / 10);
const MEAN_GAP_MS = 2000;
const MAIL_RATE = Number(process.env.BENCH_AGENTS_MAIL_RATE ?? 5);
const TARGET_P99_MS = 100;
const SEED = 20261126;
const STEP = 500;
/** The fewest agents the search goes down to when the first step is missed. */
const MIN_AGENTS = 100;
/** Agents in each run of the cost part (printCosts). */
const COST_AGENTS = 100;
const SHOW_COSTS = process.env.BENCH_AGENTS_COSTS !== '0';
const MOST_AGENTS = AGENTS_PER_STORE * STORES;
const PINNED = process.env.BENCH_AGENTS?.split(',').map(Number).filter(Boolean);
const root = path.resolve(import.meta.dirname, '..');

const serverUrl = process.env.DATABASE_URL;
if (!serverUrl) {
  console.log(
    '\nagents load benchmark: skipped (set DATABASE_URL to a PostgreSQL server; it uses the cases benchmark database there, claimdesk_bench_cases)',
  );
  process.exit(0);
}
// The cases benchmark's database (BENCH_AGENTS_DATABASE names another, e.g. a small one to try the script on).
const DB_NAME = process.env.BENCH_AGENTS_DATABASE ?? 'claimdesk_bench_cases';
const dbUrl = new URL(serverUrl);
dbUrl.pathname = `/${DB_NAME}`;

// In this order: a reply right after reading the thread it answers.
const ACTIONS = ['list', 'search', 'open', 'save', 'thread', 'reply'] as const;
type Action = (typeof ACTIONS)[number];
const WRITES: readonly Action[] = ['save', 'reply'];
const SEARCH_TERMS = [
  ...LAST_NAMES.map((n) => n.toLowerCase()),
  ...FIRST_NAMES.map((n) => n.toLowerCase()),
  'espressomaskin',
  'støvsuger',
  'blender',
  'vannkoker',
];

/** A small seeded generator (mulberry32): the same schedule on every run. */
function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A port free on this machine now, for the server's inbound SMTP receiver. */
const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });

async function startServer(smtpPort: number) {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'claimdesk-bench-agents-'));
  const server = await startProcess(
    process.execPath,
    [
      // e.g. BENCH_AGENTS_SERVER_ARGS="--cpu-prof --cpu-prof-dir=/tmp/prof" to see where its time goes
      ...(process.env.BENCH_AGENTS_SERVER_ARGS?.split(' ').filter(Boolean) ?? []),
      '--import',
      'tsx',
      path.join(root, 'packages/server/src/main.ts'),
    ],
    {
      DATA_DIR: dataDir,
      PORT: '0',
      INBOUND_SMTP_PORT: String(smtpPort),
      LOG_LEVEL: 'warn',
      // Every agent comes from 127.0.0.1 here; people come from many addresses (or through a
      // reverse proxy, which is how the per-address cap is turned off, README).
      HTTP_MAX_CONNECTIONS_PER_ADDRESS: '0',
      DATABASE_URL: dbUrl.toString(),
      SEED_DEMO: 'false',
      ...(process.env.BENCH_AGENTS_POOL && { DATABASE_POOL_SIZE: process.env.BENCH_AGENTS_POOL }),
    },
    /running at (http:\/\/[\d.:]+)/,
    30 * 60_000,
  );
  return {
    ...server,
    dataDir,
    close: async () => (await server.stop(), await rm(dataDir, { recursive: true, force: true })),
  };
}

/** CPU time of a process so far, in ms (user and system, from /proc). */
async function cpuMsOf(pid: number): Promise<number> {
  const stat = await readFile(`/proc/${String(pid)}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  const ticks = Number(fields[11]) + Number(fields[12]);
  return (ticks * 1000) / 100; // USER_HZ is 100 on Linux
}

/**
 * CPU time so far (ms) of the PostgreSQL backends serving this database, by pid: their process
 * titles name it ("postgres: 15/main: postgres claimdesk_bench_cases 127.0.0.1(…) idle").
 */
async function backendsCpuMs(): Promise<Map<number, number>> {
  const found = new Map<number, number>();
  for (const entry of await readdir('/proc')) {
    const pid = Number(entry);
    if (!pid) continue;
    const title = await readFile(`/proc/${entry}/cmdline`, 'utf8').catch(() => '');
    if (!title.startsWith('postgres:') || !title.includes(` ${DB_NAME} `)) continue;
    const ms = await cpuMsOf(pid).catch(() => undefined);
    if (ms !== undefined) found.set(pid, ms);
  }
  return found;
}

/** The CPU the backends spent between two readings (a backend gone meanwhile is not counted). */
const backendsSpent = (before: Map<number, number>, after: Map<number, number>) =>
  [...after].reduce((sum, [pid, ms]) => sum + ms - (before.get(pid) ?? 0), 0);

interface Agent {
  store: number;
  tenant: string;
  headers: Record<string, string>;
  cases: AgentCase[];
  /** The case the agent has open: the last one it opened. */
  current: number;
  /**
   * The agent's last open or thread read, until its answer is in: a save waits for the case it
   * saves to have opened, a reply for the thread it answers, as a person waits for the page.
   */
  reading?: Promise<unknown>;
}

interface AnswerSample {
  latency: number;
  isError: boolean;
  /** 409: the case changed or a new mail came in since the agent read it (the product's answer). */
  isConflict?: boolean;
}

class Figures {
  latencies = new Map<string, number[]>();
  errors = new Map<string, number>();
  conflicts = new Map<string, number>();
  statuses = new Map<string, number>();
  lags: number[] = [];
  /** The first error of each status (and of each kind of network error), as an example. */
  firstErrors = new Map<string, string>();
  /** The first 409 of each action, as an example. */
  firstConflicts = new Map<string, string>();

  add(name: string, sample: AnswerSample, status: string, detail?: string) {
    if (!this.latencies.has(name)) this.latencies.set(name, []);
    this.latencies.get(name)?.push(sample.latency);
    if (sample.isConflict) {
      this.conflicts.set(name, (this.conflicts.get(name) ?? 0) + 1);
      if (detail && !this.firstConflicts.has(name)) this.firstConflicts.set(name, detail);
    }
    if (sample.isError) {
      this.errors.set(name, (this.errors.get(name) ?? 0) + 1);
      this.statuses.set(status, (this.statuses.get(status) ?? 0) + 1);
      const kind = status === 'network' ? `${status} ${detail?.split(':')[1] ?? ''}` : status;
      if (detail && !this.firstErrors.has(kind)) this.firstErrors.set(kind, `${name}: ${status} ${detail}`);
    }
  }
}

const quantile = (sorted: number[], q: number) =>
  sorted.length ? (sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0) : 0;

async function signIn(url: string, store: number, agent: number): Promise<Record<string, string>> {
  const response = await fetch(`${url}/v2/oauth/token`, {
    method: 'POST',
    headers: {
      authorization: `Basic ${Buffer.from('claimdesk-web:claimdesk-web').toString('base64')}`,
      'x-tenant-id': benchStore(store),
      'content-type': 'application/x-www-form-urlencoded',
    },
    body: new URLSearchParams({
      grant_type: 'password',
      username: agentUser(store, agent),
      password: BENCH_PASSWORD,
    }),
  });
  if (!response.ok) throw new Error(`sign-in failed: ${String(response.status)} ${await response.text()}`);
  const token = ((await response.json()) as { access_token: string }).access_token;
  // The anti-forgery pair a browser sends with a write: the cookie and the same value in a header.
  const xsrf = `bench-agent-${String(store)}-${String(agent)}`;
  return {
    authorization: `Bearer ${token}`,
    'x-tenant-id': benchStore(store),
    cookie: `${XSRF_COOKIE}=${xsrf}`,
    [XSRF_HEADER.toLowerCase()]: xsrf,
  };
}

/** The agents of a run: agent i is store 1 + i % STORES's user number floor(i / STORES). */
function agentAt(i: number): { store: number; agent: number } {
  return { store: 1 + (i % STORES), agent: Math.floor(i / STORES) };
}

interface Schedule {
  at: Float64Array;
  agent: Int32Array;
  action: Uint8Array;
}

/** Each agent's actions over `ms`, a Poisson process of mean gap MEAN_GAP_MS, merged in time order. */
function schedule(agents: number, ms: number, seed: number, only?: Action): Schedule {
  const next = random(seed);
  const fixed = only === undefined ? undefined : ACTIONS.indexOf(only);
  const events: { at: number; agent: number; action: number }[] = [];
  for (let a = 0; a < agents; a += 1) {
    let step = Math.floor(next() * ACTIONS.length);
    for (let t = -Math.log(1 - next()) * MEAN_GAP_MS; t < ms; t += -Math.log(1 - next()) * MEAN_GAP_MS) {
      events.push({ at: t, agent: a, action: fixed ?? step % ACTIONS.length });
      step += 1;
    }
  }
  events.sort((x, y) => x.at - y.at);
  return {
    at: Float64Array.from(events, (e) => e.at),
    agent: Int32Array.from(events, (e) => e.agent),
    action: Uint8Array.from(events, (e) => e.action),
  };
}

interface Reply {
  status: number;
  body: string;
}

function send(
  httpAgent: http.Agent,
  base: URL,
  method: string,
  pathAndQuery: string,
  headers: Record<string, string>,
  json: unknown,
  keepBody: boolean,
): Promise<Reply> {
  return new Promise((resolve, reject) => {
    const body = json === undefined ? undefined : JSON.stringify(json);
    const request = http.request(
      {
        agent: httpAgent,
        host: base.hostname,
        port: base.port,
        method,
        path: pathAndQuery,
        headers: body
          ? { ...headers, 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) }
          : headers,
      },
      (response) => {
        const status = response.statusCode ?? 0;
        const chunks: Buffer[] = [];
        if (keepBody || status >= 400) response.on('data', (chunk: Buffer) => chunks.push(chunk));
        else response.resume();
        response.on('end', () => resolve({ status, body: Buffer.concat(chunks).toString() }));
        response.on('error', reject);
      },
    );
    request.on('error', reject);
    request.end(body);
  });
}

interface Detail {
  version: number;
  status: string;
  assignee: string | null;
  customer: unknown;
  description?: string | null;
}

/** What an agent sends for an action on its open case, and what it learns from the answer. */
function actionOf(
  action: Action,
  agent: Agent,
  c: AgentCase,
  details: Map<number, Detail>,
  pickTerm: () => string,
): {
  method: string;
  path: string;
  json?: unknown;
  keepBody: boolean;
  learn?: (body: string) => void;
} {
  const list = '/v2/api/claims?type=open&workFlow=claim&limit=50';
  switch (action) {
    case 'list':
      return { method: 'GET', path: list, keepBody: false };
    case 'search':
      return { method: 'GET', path: `${list}&search=${encodeURIComponent(pickTerm())}`, keepBody: false };
    case 'open':
      return {
        method: 'GET',
        path: `/v2/api/claims/${String(c.id)}`,
        keepBody: true,
        learn: (body) => {
          const d = JSON.parse(body) as Detail;
          c.version = d.version;
          details.set(c.id, d);
        },
      };
    case 'thread':
      return {
        method: 'GET',
        path: `/v2/api/claims/mails/${String(c.id)}/mail-logs?storeCode=${agent.tenant}&mailLogType=`,
        keepBody: true,
        learn: (body) => {
          const mails = JSON.parse(body) as { id: number; direction: string }[];
          for (const m of mails) if (m.direction === 'in' && m.id > c.lastInId) c.lastInId = m.id;
        },
      };
    case 'save': {
      const d = details.get(c.id);
      const note = `Kunden melder feil. Sjekket ${new Date().toISOString()}.`;
      // The editor's fields as the agent read them, the description changed.
      const json = d
        ? {
            status: d.status,
            assignee: d.assignee,
            customer: d.customer,
            description: note,
            version: c.version,
          }
        : { description: note, version: c.version };
      return {
        method: 'PUT',
        path: `/v2/api/claims/${String(c.id)}`,
        json,
        keepBody: true,
        learn: (body) => {
          const saved = JSON.parse(body) as Detail;
          c.version = saved.version;
          details.set(c.id, saved);
        },
      };
    }
    case 'reply':
      return {
        method: 'POST',
        path: `/v2/api/claims/mails/claim/mail-compose/${String(c.id)}?sendType=customer&mailLogId=${String(c.lastInId)}`,
        json: {
          to: [c.customerEmail],
          cc: [],
          bcc: [],
          subject: `Re: Reklamasjon [#${String(c.caseNumber)}]`,
          html: `<p>Hei ${c.customerName},</p><p>en ny er sendt i dag. Den gamle kan du levere i butikken.</p><p>Mvh Bench Store</p>`,
          attachments: [],
          seenMailId: c.lastInId,
        },
        keepBody: false,
      };
  }
}

/** A customer's answer on one of the agents' cases, or (one in five) a stranger's new mail. */
function inboundMail(n: number, c: AgentCase, store: number): { from: string; raw: string } {
  const isStranger = n % 5 === 4;
  const from = isStranger ? `ny${String(n)}@stranger.example` : c.customerEmail;
  const headers = [
    `From: ${isStranger ? 'Ny Kunde' : c.customerName} <${from}>`,
    `To: ${storeMailbox(store)}`,
    `Subject: ${isStranger ? 'Spørsmål om bestilling' : `Re: Reklamasjon [#${String(c.caseNumber)}]`}`,
    `Date: ${new Date().toUTCString()}`,
    `Message-ID: <agents-in-${String(n)}-${String(Date.now())}@customer.example>`,
    ...(isStranger ? [] : [`In-Reply-To: ${c.ourMessageId}`, `References: ${c.ourMessageId}`]),
    'MIME-Version: 1.0',
    'Content-Type: text/plain; charset=utf-8',
    'Content-Transfer-Encoding: 8bit',
  ];
  return {
    from,
    raw: `${headers.join('\r\n')}\r\n\r\nHei, når kan jeg hente den nye? Mvh\r\n`,
  };
}

interface StepOptions {
  count: number;
  seconds: number;
  warmUpSeconds: number;
  /** Inbound mails a second (0: none). */
  mailRate: number;
  /** Every action of this kind (to see what one kind costs); the mix when unset. */
  only?: Action;
}

interface StepResult {
  options: StepOptions;
  agents: number;
  figures: Figures;
  scheduled: number;
  generatorCpu: number;
  serverCpu: number;
  databaseCpu: number;
  seconds: number;
  loadBefore: number[];
  loadAfter: number[];
  mail: { sent: number; refused: number; p99: number; ingested: number; latencies: number[] };
  outbox: { sent: number; left: number };
  isHeld: boolean;
}

async function runStep(
  server: { url: string; child: { pid?: number }; dataDir: string },
  smtpPort: number,
  client: pg.Client,
  agents: Agent[],
  options: StepOptions,
): Promise<StepResult> {
  const { count } = options;
  const base = new URL(server.url);
  const totalMs = (options.warmUpSeconds + options.seconds) * 1000;
  const warmMs = options.warmUpSeconds * 1000;
  const plan = schedule(count, totalMs, SEED + count, options.only);
  const pick = random(SEED * 7 + count);
  const pickTerm = () => SEARCH_TERMS[Math.floor(pick() * SEARCH_TERMS.length)] as string;
  const details = new Map<number, Detail>();
  const httpAgent = new http.Agent({ keepAlive: true, maxSockets: Infinity, maxFreeSockets: 100_000 });
  const figures = new Figures();
  const mailer = nodemailer.createTransport({
    host: '127.0.0.1',
    port: smtpPort,
    secure: false,
    ignoreTLS: true,
    pool: true,
    maxConnections: 4,
  });
  const mailLatencies: number[] = [];
  let mailsRefused = 0;
  const outDir = path.join(server.dataDir, 'mail-out');
  const filesIn = async () => (await readdir(outDir).catch(() => [])).length;
  const outBefore = await filesIn();
  const { rows: before } = await client.query<{ id: number }>(
    `SELECT coalesce(max(id), 0)::int AS id FROM mail_logs WHERE tenant_id LIKE 'bench-%'`,
  );
  const loadBefore = os.loadavg();
  const serverCpuBefore = await cpuMsOf(server.child.pid ?? 0);
  const backendsBefore = await backendsCpuMs();
  const cpuBefore = process.cpuUsage();
  const inFlight = new Set<Promise<unknown>>();
  const track = (p: Promise<unknown>) => {
    inFlight.add(p);
    void p.finally(() => inFlight.delete(p));
  };

  const start = performance.now() + 200;
  let i = 0;
  let mailN = 0;
  // Mail n is due at n × mailGap; none without a rate.
  const mailGap = options.mailRate > 0 ? 1000 / options.mailRate : totalMs;
  if (options.mailRate <= 0) mailN = 1;
  await new Promise<void>((done) => {
    const tick = () => {
      const now = performance.now() - start;
      while (i < plan.at.length && (plan.at[i] as number) <= now) {
        const at = plan.at[i] as number;
        const agent = agents[plan.agent[i] as number] as Agent;
        const action = ACTIONS[plan.action[i] as number] as Action;
        i += 1;
        const counted = at >= warmMs;
        const issued = performance.now() - start;
        if (counted) figures.lags.push(issued - at);
        // The answer, timed from the scheduled moment (the wait for a read it depends on included).
        const record = (reply: Reply, learn?: (body: string) => void) => {
          const latency = performance.now() - start - at;
          const isConflict = reply.status === 409;
          let isError = reply.status >= 400 && !isConflict;
          try {
            if (reply.status < 400) learn?.(reply.body);
          } catch {
            isError = true; // an answer that is not the JSON asked for
          }
          if (counted)
            figures.add(
              action,
              { latency, isError, isConflict },
              String(reply.status),
              reply.body.slice(0, 200),
            );
        };
        const failed = (error: unknown) => {
          if (counted)
            figures.add(
              action,
              { latency: performance.now() - start - at, isError: true },
              'network',
              String(error),
            );
        };
        // The case the agent has open at the scheduled moment (an open opens its next one).
        if (action === 'open') agent.current = (agent.current + 1) % agent.cases.length;
        const openCase = agent.cases[agent.current] as AgentCase;
        const go = () => {
          const call = actionOf(action, agent, openCase, details, pickTerm);
          return send(httpAgent, base, call.method, call.path, agent.headers, call.json, call.keepBody).then(
            (reply) => record(reply, call.learn),
            failed,
          );
        };
        const isWrite = action === 'save' || action === 'reply';
        const done = isWrite && agent.reading ? agent.reading.then(go) : go();
        if (action === 'open' || action === 'thread') agent.reading = done;
        track(done);
      }
      // Mail at its fixed rate: mail n at n × mailGap.
      while (mailN * mailGap <= now && mailN * mailGap < totalMs) {
        const at = mailN * mailGap;
        const a = agents[Math.floor(pick() * count)] as Agent;
        const c = a.cases[Math.floor(pick() * a.cases.length)] as AgentCase;
        const mail = inboundMail(mailN, c, a.store);
        mailN += 1;
        track(
          mailer.sendMail({ envelope: { from: mail.from, to: [storeMailbox(a.store)] }, raw: mail.raw }).then(
            () => {
              if (at >= warmMs) mailLatencies.push(performance.now() - start - at);
            },
            () => {
              mailsRefused += 1;
            },
          ),
        );
      }
      const nextAt = Math.min(plan.at[i] ?? Infinity, mailN * mailGap, totalMs);
      if (now >= totalMs && i >= plan.at.length && mailN * mailGap >= totalMs) {
        done();
        return;
      }
      setTimeout(tick, Math.max(0, nextAt - (performance.now() - start)));
    };
    setTimeout(tick, 200);
  });
  await Promise.allSettled([...inFlight]);
  const seconds = (performance.now() - start) / 1000;
  const cpu = process.cpuUsage(cpuBefore);
  const serverCpu = (await cpuMsOf(server.child.pid ?? 0)) - serverCpuBefore;
  const databaseCpu = backendsSpent(backendsBefore, await backendsCpuMs());
  const loadAfter = os.loadavg();
  mailer.close();
  httpAgent.destroy();

  // The replies leave through the outbox worker: wait (a while) for it to finish the step's.
  const pending = async () => {
    const { rows } = await client.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM mail_outbox WHERE tenant_id LIKE 'bench-%'`,
    );
    return rows[0]?.n ?? 0;
  };
  const leftAtEnd = await pending();
  for (let wait = 0; wait < 60 && (await pending()) > 0; wait += 1) {
    await new Promise((r) => setTimeout(r, 1000));
  }
  const { rows: ingested } = await client.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM mail_logs WHERE tenant_id LIKE 'bench-%' AND id > $1 AND direction = 'in'`,
    [before[0]?.id ?? 0],
  );
  mailLatencies.sort((x, y) => x - y);
  for (const list of figures.latencies.values()) list.sort((x, y) => x - y);
  figures.lags.sort((x, y) => x - y);
  const errors = [...figures.errors.values()].reduce((s, n) => s + n, 0);
  const isHeld =
    errors === 0 && ACTIONS.every((a) => quantile(figures.latencies.get(a) ?? [], 0.99) < TARGET_P99_MS);
  return {
    options,
    agents: count,
    figures,
    scheduled: plan.at.length,
    generatorCpu: (cpu.user + cpu.system) / 1000,
    serverCpu,
    databaseCpu,
    seconds,
    loadBefore,
    loadAfter,
    mail: {
      sent: options.mailRate > 0 ? mailN : 0,
      refused: mailsRefused,
      p99: quantile(mailLatencies, 0.99),
      latencies: mailLatencies,
      ingested: ingested[0]?.n ?? 0,
    },
    outbox: { sent: (await filesIn()) - outBefore, left: leftAtEnd },
    isHeld,
  };
}

const ms = (n: number) => n.toFixed(1).padStart(7);

/**
 * What each action costs the machine, alone: COST_AGENTS agents doing only that action (no mail),
 * then mail alone, each less the CPU of the same time idle. It tells where the mix's time goes,
 * whatever else shares the machine (a loaded machine makes each a little dearer).
 */
async function printCosts(run: (options: StepOptions) => Promise<StepResult>) {
  const seconds = 15;
  const rate = COST_AGENTS / (MEAN_GAP_MS / 1000);
  const idle = await run({ count: 0, seconds, warmUpSeconds: 0, mailRate: 0 });
  const idleServer = idle.serverCpu / idle.seconds;
  const idleDatabase = idle.databaseCpu / idle.seconds;
  console.log(
    `\nCPU of each action alone (${String(COST_AGENTS)} agents doing only it, ${String(rate)} a second for ${String(seconds)} s, no mail; less what the server and PostgreSQL spend idle, ${(idleServer / 10).toFixed(1)}% and ${(idleDatabase / 10).toFixed(1)}% of a core)`,
  );
  console.log(`  ${'action'.padEnd(8)}   server  PostgreSQL   (CPU ms each)       p50     p99  errors`);
  for (const only of [...ACTIONS, 'mail in' as const]) {
    const isMail = only === 'mail in';
    const r = isMail
      ? await run({ count: 0, seconds, warmUpSeconds: 0, mailRate: rate })
      : await run({ count: COST_AGENTS, seconds, warmUpSeconds: 2, mailRate: 0, only });
    const done = Math.max(1, isMail ? r.mail.sent : r.scheduled);
    const server = Math.max(0, r.serverCpu - idleServer * r.seconds) / done;
    const database = Math.max(0, r.databaseCpu - idleDatabase * r.seconds) / done;
    const l = isMail ? r.mail.latencies : (r.figures.latencies.get(only) ?? []);
    const errors = isMail ? r.mail.refused : (r.figures.errors.get(only) ?? 0);
    console.log(
      `  ${only.padEnd(8)} ${server.toFixed(2).padStart(8)} ${database.toFixed(2).padStart(11)}                   ${ms(quantile(l, 0.5))} ${ms(quantile(l, 0.99))} ${String(errors).padStart(7)}`,
    );
  }
}

function printStep(r: StepResult) {
  const f = r.figures;
  const rate = r.agents / (MEAN_GAP_MS / 1000);
  const load = (l: number[]) => l.map((x) => x.toFixed(2)).join(' ');
  console.log(
    `\n${r.agents.toLocaleString('en')} agents: ${rate.toFixed(0)} actions/s scheduled (${String(r.scheduled)} in ${String(r.options.warmUpSeconds)} s warm-up + ${String(r.options.seconds)} s); load average before ${load(r.loadBefore)}, after ${load(r.loadAfter)} (1, 5, 15 min; ${String(os.availableParallelism())} cores)`,
  );
  console.log(
    `  ${'action'.padEnd(8)} ${'count'.padStart(7)}     p50     p95     p99     max  errors  409s   (ms from the scheduled time)`,
  );
  const all: number[] = [];
  for (const a of ACTIONS) {
    const l = f.latencies.get(a) ?? [];
    all.push(...l);
    console.log(
      `  ${a.padEnd(8)} ${String(l.length).padStart(7)} ${ms(quantile(l, 0.5))} ${ms(quantile(l, 0.95))} ${ms(quantile(l, 0.99))} ${ms(l.at(-1) ?? 0)} ${String(f.errors.get(a) ?? 0).padStart(7)} ${String(f.conflicts.get(a) ?? 0).padStart(5)}${WRITES.includes(a) ? '   (write)' : ''}`,
    );
  }
  all.sort((x, y) => x - y);
  const errors = [...f.errors.values()].reduce((s, n) => s + n, 0);
  const conflicts = [...f.conflicts.values()].reduce((s, n) => s + n, 0);
  console.log(
    `  ${'all'.padEnd(8)} ${String(all.length).padStart(7)} ${ms(quantile(all, 0.5))} ${ms(quantile(all, 0.95))} ${ms(quantile(all, 0.99))} ${ms(all.at(-1) ?? 0)} ${String(errors).padStart(7)} ${String(conflicts).padStart(5)}`,
  );
  if (conflicts) {
    console.log(
      "  409s are the product's answer, not failures: a reply refused because the customer wrote meanwhile (the mail arriving), a save over a newer version",
    );
    for (const [name, e] of f.firstConflicts) console.log(`    e.g. ${name}: 409 ${e}`);
  }
  if (errors) {
    console.log(`  errors by status: ${[...f.statuses].map(([s, n]) => `${s} ×${String(n)}`).join(', ')}`);
    for (const e of f.firstErrors.values()) console.log(`    e.g. ${e}`);
  }
  const cpuShare = (cpuMs: number) => `${((cpuMs / (r.seconds * 1000)) * 100).toFixed(0)}%`;
  console.log(
    `  generator: sent late by p50 ${quantile(f.lags, 0.5).toFixed(2)} ms, p99 ${quantile(f.lags, 0.99).toFixed(2)} ms, max ${(f.lags.at(-1) ?? 0).toFixed(1)} ms; its CPU ${cpuShare(r.generatorCpu)} of a core`,
  );
  console.log(
    `  CPU: the server ${cpuShare(r.serverCpu)} of a core, PostgreSQL's backends of this database ${cpuShare(r.databaseCpu)}`,
  );
  // The step's whole work (mail in and out included) over its actions: what an action costs the
  // machine whatever else runs on it, and so how many actions its cores could carry alone (at a
  // low rate each request pays for waking the process and cold caches: the list cost 2.2 ms of the
  // server's CPU at 50 a second, while the whole machine served 1,900 a second in cases-api.ts).
  const perAction = (cpuMs: number) => cpuMs / Math.max(1, r.scheduled);
  const machine = perAction(r.serverCpu) + perAction(r.databaseCpu) + perAction(r.generatorCpu);
  const ceiling = (os.availableParallelism() * 1000) / machine;
  console.log(
    `  CPU an action: server ${perAction(r.serverCpu).toFixed(2)} ms + PostgreSQL ${perAction(r.databaseCpu).toFixed(2)} ms + generator ${perAction(r.generatorCpu).toFixed(2)} ms; ${String(os.availableParallelism())} cores to itself would carry ${ceiling.toFixed(0)} actions/s (${(ceiling * (MEAN_GAP_MS / 1000)).toFixed(0)} agents) at full use at this cost (an action costs less as the rate rises: a lower bound)`,
  );
  console.log(
    `  mail in: ${String(r.mail.sent)} sent at ${String(r.options.mailRate)}/s to the inbound SMTP receiver, accepted p99 ${r.mail.p99.toFixed(0)} ms from schedule, ${String(r.mail.refused)} refused; ${String(r.mail.ingested)} stored`,
  );
  console.log(
    `  replies out: ${String(r.outbox.sent)} written to mail-out by the outbox worker; ${String(r.outbox.left)} still queued when the step ended`,
  );
  console.log(
    `  held (every action's p99 under ${String(TARGET_P99_MS)} ms, no errors): ${r.isHeld ? 'yes' : 'NO'}`,
  );
}

async function main() {
  await ensureBenchDatabase(serverUrl, DB_NAME);
  console.log(
    `\nAgents load on PostgreSQL (${CASES.toLocaleString('en')} cases across ${String(STORES)} stores): an open loop, Poisson arrivals, latency from the scheduled time`,
  );
  const smtpPort = await freePort();
  let server = await startServer(smtpPort); // migrates the database
  const client = new pg.Client({ connectionString: dbUrl.toString() });
  await client.connect();
  try {
    if (!(await isGenerated(client, { cases: CASES, stores: STORES }))) {
      await server.close();
      await generate(client, { cases: CASES, stores: STORES }, console.log);
      server = await startServer(smtpPort);
    }
    const data = await ensureAgentsData(client, { stores: STORES }, console.log);
    await client.query('VACUUM (ANALYZE) cases, case_items, mail_logs, case_timeline');
    await client.query('CHECKPOINT').catch(() => undefined);

    const counts = PINNED?.length
      ? PINNED
      : Array.from({ length: Math.floor(MOST_AGENTS / STEP) }, (_, k) => (k + 1) * STEP);
    const agents: Agent[] = [];
    const signInUpTo = async (n: number) => {
      const signInStart = Date.now();
      const had = agents.length;
      while (agents.length < n) {
        const batch = Array.from({ length: Math.min(8, n - agents.length) }, (_, k) => agents.length + k);
        const signedIn = await Promise.all(
          batch.map(async (i) => {
            const { store, agent } = agentAt(i);
            return {
              store,
              tenant: benchStore(store),
              headers: await signIn(server.url, store, agent),
              cases: data.cases[store - 1]?.[agent] ?? [],
              current: 0,
            };
          }),
        );
        agents.push(...signedIn);
      }
      if (agents.length > had)
        console.log(
          `  ${String(agents.length - had)} more agents signed in through /v2/oauth/token (${((Date.now() - signInStart) / 1000).toFixed(0)} s), ${String(agents.length)} in all`,
        );
    };
    const steps = (options: StepOptions) => runStep(server, smtpPort, client, agents, options);
    if (SHOW_COSTS) {
      await signInUpTo(COST_AGENTS);
      await printCosts(steps);
    }
    const results: StepResult[] = [];
    const step = async (count: number) => {
      if (count > MOST_AGENTS) throw new Error(`at most ${String(MOST_AGENTS)} agents (AGENTS_PER_STORE)`);
      await signInUpTo(count);
      const result = await steps({
        count,
        seconds: SECONDS,
        warmUpSeconds: WARM_UP_SECONDS,
        mailRate: MAIL_RATE,
      });
      printStep(result);
      results.push(result);
      return result.isHeld;
    };
    let failed: number | undefined;
    for (const count of counts) {
      if (!(await step(count)) && !PINNED?.length) {
        failed = count;
        break;
      }
    }
    // Past the first step missed: halves below it while none was held (down to MIN_AGENTS), else
    // once the middle between the last held and the missed one.
    let lastHeld = Math.max(0, ...results.filter((r) => r.isHeld).map((r) => r.agents));
    while (failed !== undefined) {
      const next = lastHeld
        ? Math.round((lastHeld + failed) / 2 / 50) * 50
        : Math.floor(failed / 2 / 50) * 50;
      if (next < MIN_AGENTS || next <= lastHeld || next >= failed) break;
      if (await step(next)) {
        lastHeld = next;
        break;
      }
      failed = next;
      if (lastHeld) break;
    }
    const held = results.filter((r) => r.isHeld).map((r) => r.agents);
    const most = held.length ? Math.max(...held) : 0;
    console.log(
      `\nmost agents held with every action's p99 under ${String(TARGET_P99_MS)} ms (one action every 2 s each; aim at least 2,000): ${most ? most.toLocaleString('en') : 'none of those tried'}`,
    );
  } finally {
    await client.end();
    await server.close();
  }
}

await main();
