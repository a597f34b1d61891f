// What the simulated agents (bench/agents-load.ts) need on top of the cases benchmark's million
// cases (cases-generator.ts): staff users to sign in as, a proven mailbox per store (a forward
// mailbox: mail comes in through the server's inbound SMTP receiver, replies leave through the
// system transport into DATA_DIR/mail-out), and a short thread on every case an agent works on.
// Each step adds only what is missing, so a second run finds it all there and adds nothing.
import pg from 'pg';
import { hashPassword } from '../../packages/server/src/modules/auth/passwords';
import { BENCH_PASSWORD, benchStore } from './cases-generator';

/** Staff users per store: the most agents a run can have is this times the stores. */
export const AGENTS_PER_STORE = 50;
/** The cases each agent works on ("my cases"), its own: no two agents save the same case. */
export const CASES_PER_AGENT = 10;

export const agentUser = (store: number, agent: number) => `agent${String(agent)}@${benchStore(store)}.test`;
export const storeMailbox = (store: number) => `support@${benchStore(store)}.test`;

/** A case an agent works on, with its thread's Message-IDs (an inbound mail answers ours). */
export interface AgentCase {
  id: number;
  caseNumber: number;
  customerEmail: string;
  customerName: string;
  version: number;
  /** The newest inbound mail on the case: the one a reply answers. */
  lastInId: number;
  /** The Message-ID of our answer on the case, which a customer's reply names in In-Reply-To. */
  ourMessageId: string;
}

export interface AgentsData {
  /** cases[store - 1][agent]: that agent's cases. */
  cases: AgentCase[][][];
}

const storesSql = (stores: number) =>
  `SELECT 'bench-' || lpad(s::text, 3, '0') AS tenant_id, s FROM generate_series(1, ${String(stores)}) s`;

/** The agents' cases of every store: the first open claim cases by id, CASES_PER_AGENT each. */
const workCasesSql = (stores: number) => `
  SELECT c.tenant_id, c.id, c.case_number, c.customer_email, c.customer_name, c.version,
    (row_number() OVER (PARTITION BY c.tenant_id ORDER BY c.id) - 1)::int AS n
  FROM cases c
  WHERE c.tenant_id IN (SELECT tenant_id FROM (${storesSql(stores)}) st)
    AND c.work_flow = 'claim' AND NOT c.is_archived AND c.deleted_at IS NULL`;

export async function ensureAgentsData(
  client: pg.Client,
  options: { stores: number },
  log: (line: string) => void,
): Promise<AgentsData> {
  const { stores } = options;
  const perStore = AGENTS_PER_STORE * CASES_PER_AGENT;
  const step = async (what: string, run: () => Promise<number>) => {
    const started = Date.now();
    const added = await run();
    log(
      `  ${what}: ${added ? `${added.toLocaleString('en')} added` : 'there already'} (${((Date.now() - started) / 1000).toFixed(1)} s)`,
    );
  };
  await step(`${String(AGENTS_PER_STORE)} staff users a store (STANDARD_USER)`, async () => {
    const { rows } = await client.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM users WHERE tenant_id LIKE 'bench-%' AND username LIKE 'agent%'`,
    );
    if (rows[0]?.n === stores * AGENTS_PER_STORE) return 0;
    const passwordHash = await hashPassword(BENCH_PASSWORD);
    const users = `SELECT st.tenant_id, 'agent' || a || '@' || st.tenant_id || '.test' AS email, a
      FROM (${storesSql(stores)}) st, generate_series(0, ${String(AGENTS_PER_STORE - 1)}) a`;
    await client.query(
      `INSERT INTO account_directory (email, tenant_id) SELECT email, tenant_id FROM (${users}) u ON CONFLICT DO NOTHING`,
    );
    const result = await client.query(
      `INSERT INTO users (tenant_id, username, password_hash, first_name, last_name, roles)
       SELECT tenant_id, email, $1, 'Agent', 'Bench ' || a, '{STANDARD_USER}' FROM (${users}) u
       ON CONFLICT (tenant_id, username) DO NOTHING`,
      [passwordHash],
    );
    return result.rowCount ?? 0;
  });
  await step('a proven forward mailbox a store', async () => {
    const result = await client.query(
      `INSERT INTO mailboxes (tenant_id, address, kind, smtp_secure, verified_at)
       SELECT tenant_id, 'support@' || tenant_id || '.test', 'forward', false, now() FROM (${storesSql(stores)}) st
       ON CONFLICT (address) DO NOTHING`,
    );
    return result.rowCount ?? 0;
  });
  // The customer's mail, our answer and the customer's follow-up, an hour ago to forty minutes
  // ago, all read; only on a case with no mail yet.
  await step(
    `a thread of 3 mails on each of the agents' ${(stores * perStore).toLocaleString('en')} cases`,
    async () => {
      const work = `SELECT w.*, m.id AS mailbox_id, m.address AS mailbox FROM (${workCasesSql(stores)}) w
      JOIN mailboxes m ON m.tenant_id = w.tenant_id AND m.address = 'support@' || w.tenant_id || '.test'
      WHERE w.n < ${String(perStore)}
        AND NOT EXISTS (SELECT 1 FROM mail_logs l WHERE l.tenant_id = w.tenant_id AND l.case_id = w.id)`;
      const result = await client.query(`
      INSERT INTO mail_logs (tenant_id, case_id, mailbox_id, direction, message_id, in_reply_to, "references",
        from_address, from_name, "to", subject, text, html, is_read, send_state, created_by, created_at, received_at, sent_at)
      SELECT w.tenant_id, w.id, w.mailbox_id, t.direction, t.message_id, t.in_reply_to, t.refs,
        t.from_address, t.from_name, t.recipients, t.subject, t.body, '<p>' || t.body || '</p>', true, t.send_state,
        t.created_by, t.at, CASE WHEN t.direction = 'in' THEN t.at END, CASE WHEN t.direction = 'out' THEN t.at END
      FROM (${work}) w
      CROSS JOIN LATERAL (VALUES
        ('in', '<agents-q' || w.id || '@customer.example>', NULL, '{}'::text[], w.customer_email, w.customer_name,
          jsonb_build_array(jsonb_build_object('address', w.mailbox)), 'Reklamasjon',
          'Hei, varen virker ikke som den skal etter to uker. Kvittering vedlagt. Mvh ' || w.customer_name,
          NULL, NULL, now() - interval '60 minutes'),
        ('out', '<agents-a' || w.id || '@' || w.tenant_id || '.test>', '<agents-q' || w.id || '@customer.example>',
          ARRAY['<agents-q' || w.id || '@customer.example>'], w.mailbox, 'Bench Store',
          jsonb_build_array(jsonb_build_object('address', w.customer_email)), 'Re: Reklamasjon [#' || w.case_number || ']',
          'Hei, takk for mailen. Kan du sende et bilde av feilen?', 'sent', 'admin@' || w.tenant_id || '.test',
          now() - interval '50 minutes'),
        ('in', '<agents-f' || w.id || '@customer.example>', '<agents-a' || w.id || '@' || w.tenant_id || '.test>',
          ARRAY['<agents-q' || w.id || '@customer.example>', '<agents-a' || w.id || '@' || w.tenant_id || '.test>'],
          w.customer_email, w.customer_name, jsonb_build_array(jsonb_build_object('address', w.mailbox)),
          'Re: Reklamasjon [#' || w.case_number || ']', 'Her er bildet. Når kan jeg få en ny?', NULL, NULL,
          now() - interval '40 minutes')
      ) AS t(direction, message_id, in_reply_to, refs, from_address, from_name, recipients, subject, body,
        send_state, created_by, at)
      ON CONFLICT (tenant_id, message_id) DO NOTHING`);
      return result.rowCount ?? 0;
    },
  );
  return { cases: await loadAgentCases(client, stores) };
}

/** Every agent's cases as they are now: version, and the newest inbound mail. */
async function loadAgentCases(client: pg.Client, stores: number): Promise<AgentCase[][][]> {
  const perStore = AGENTS_PER_STORE * CASES_PER_AGENT;
  const { rows } = await client.query<{
    tenant_id: string;
    s: number;
    id: number;
    case_number: number;
    customer_email: string;
    customer_name: string;
    version: number;
    n: number;
    last_in: number | null;
  }>(`
    SELECT w.*, st.s,
      (SELECT max(l.id) FROM mail_logs l WHERE l.tenant_id = w.tenant_id AND l.case_id = w.id AND l.direction = 'in') AS last_in
    FROM (${workCasesSql(stores)}) w JOIN (${storesSql(stores)}) st ON st.tenant_id = w.tenant_id
    WHERE w.n < ${String(perStore)}
    ORDER BY st.s, w.n`);
  const cases: AgentCase[][][] = Array.from({ length: stores }, () =>
    Array.from({ length: AGENTS_PER_STORE }, (): AgentCase[] => []),
  );
  for (const row of rows) {
    if (row.last_in === null) throw new Error(`case ${String(row.id)} of ${row.tenant_id} has no mail`);
    cases[row.s - 1]?.[Math.floor(row.n / CASES_PER_AGENT)]?.push({
      id: row.id,
      caseNumber: row.case_number,
      customerEmail: row.customer_email,
      customerName: row.customer_name,
      version: row.version,
      lastInId: row.last_in,
      ourMessageId: `<agents-a${String(row.id)}@${row.tenant_id}.test>`,
    });
  }
  return cases;
}
