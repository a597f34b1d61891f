// Fills the mail benchmark's database (migrated by the app) with stores, cases and mails, in SQL
// run by the database itself (generate_series): one store with BIG_STORE_MAILS of the mails, the
// rest spread over the others; 70% inbound, about 10% unmapped, read and unread, subjects and
// texts of Norwegian and English words, attachments on some, failed outgoing ones. PostgreSQL
// computes each mail's search vector (mail_logs.search is GENERATED, migration 0009).
import type pg from 'pg';
import { FIRST_NAMES, LAST_NAMES } from '../../packages/server/src/seed/demo-case-data';
import { benchAdmin, benchStore } from './cases-generator';

export interface MailGenerateOptions {
  mails: number;
  stores: number;
  /** The mails of store 1, the big one (the benchmark's store). */
  bigStoreMails: number;
  /** Cases of the big store; the others have SMALL_STORE_CASES each. */
  bigStoreCases: number;
}

const SMALL_STORE_CASES = 200;
/** Case numbers start here: the suggestions find a case number of 5 to 9 digits in a mail. */
export const FIRST_CASE_NUMBER = 10_000;
export const mailboxOf = (tenant: string) => `support@${tenant}.test`;
export { benchAdmin, benchStore };

const PRODUCTS = [
  'Espressomaskin',
  'Støvsuger',
  'Kaffekvern',
  'Vannkoker',
  'Brødrister',
  'Hodetelefoner',
  'Mikrobølgeovn',
  'Stavmikser',
  'Blender',
  'Hårføner',
  'Strykejern',
  'Robotstøvsuger',
  'Coffee grinder',
  'Headphones',
  'Dishwasher',
  'Washing machine',
];
const SUBJECTS = [
  'Reklamasjon på',
  'Spørsmål om',
  'Warranty claim for',
  'Defective',
  'Retur av',
  'Status på reparasjon av',
  'Question about my',
  'Kvittering for',
  'Klage på',
  'Refund for',
  'Bytte av',
  'Levering av',
];
// The words a mail's text is drawn from: everyday Norwegian and English of a service desk.
const WORDS = `hei hallo takk for svar jeg har kjøpt en som ikke virker lenger etter to uker og vil gjerne
reklamere på varen kan dere hjelpe meg med dette vedlagt finner dere kvittering bilde av feilen den lager
rar lyd når slår seg av plutselig skjermen blinker ladet batteriet holder ikke strøm garantien gjelder
fortsatt ønsker reparasjon eller ny erstatning pengene tilbake hvor lang tid tar det sende inn butikken
leveringen kom skadet esken var knust mangler deler bruksanvisning fungerer dårlig ringte kundeservice
ventet lenge fikk ikke svar please help me the product stopped working after two weeks i would like a
refund or replacement attached receipt photo of the damage order number delivery was late package broken
missing parts warranty repair service thanks regards best wishes customer support kindly advise when
return label shipping cost invoice credit note supplier answered waiting update status
reklamasjonen reklamerte mvh vennlig hilsen med vennlig hilsen ha en fin dag`
  .split(/\s+/)
  .filter(Boolean);

const arr = (values: readonly string[]) =>
  `ARRAY[${values.map((v) => `'${v.replace(/'/g, "''")}'`).join(',')}]`;
/** A number from 0 to modulo - 1 by a hash of `of` and a salt of its own, the same on every run. */
const hash = (of: string, salt: number, modulo: number | string) =>
  `(abs(hashint8((${of})::bigint * 7919 + ${salt})::bigint) % ${modulo})::int`;
const pick = (values: readonly string[], of: string, salt: number) =>
  `(${arr(values)})[1 + ${hash(of, salt, values.length)}]`;
const asciiEmailPart = (name: string) =>
  `regexp_replace(replace(replace(replace(replace(lower(${name}), 'æ', 'ae'), 'ø', 'o'), 'å', 'a'), ' ', '.'), '[^a-z.]', '', 'g')`;

/** Whether the data is there in this shape: the mails in all, in the big store, and their cases. */
export async function isGenerated(client: pg.Client, o: MailGenerateOptions): Promise<boolean> {
  const { rows } = await client.query<{ all: string; big: string; cases: string }>(
    `SELECT (SELECT count(*) FROM mail_logs WHERE tenant_id LIKE 'bench-%')::text AS all,
       (SELECT count(*) FROM mail_logs WHERE tenant_id = $1)::text AS big,
       (SELECT count(*) FROM cases WHERE tenant_id = $1)::text AS cases`,
    [benchStore(1)],
  );
  const r = rows[0];
  return (
    Number(r?.all) === o.mails && Number(r?.big) === o.bigStoreMails && Number(r?.cases) === o.bigStoreCases
  );
}

export async function generate(client: pg.Client, o: MailGenerateOptions, log: (line: string) => void) {
  const step = async (what: string, sql: string) => {
    const started = Date.now();
    await client.query(sql);
    log(`  ${what} (${((Date.now() - started) / 1000).toFixed(1)} s)`);
  };
  const { stores } = o;
  await step(
    'clear earlier benchmark data',
    `DELETE FROM mail_attachments WHERE tenant_id LIKE 'bench-%';
     DELETE FROM mail_logs WHERE tenant_id LIKE 'bench-%';
     DELETE FROM cases WHERE tenant_id LIKE 'bench-%';
     DELETE FROM case_counters WHERE tenant_id LIKE 'bench-%';
     DELETE FROM users WHERE tenant_id LIKE 'bench-%';
     DELETE FROM account_directory WHERE tenant_id LIKE 'bench-%';
     DELETE FROM stores WHERE tenant_id LIKE 'bench-%';
     DELETE FROM companies WHERE name LIKE 'Bench Company %';`,
  );
  const tenantOf = (n: string) => `'bench-' || lpad((${n})::text, 3, '0')`;
  await step(
    `${stores} stores, an administrator each`,
    `INSERT INTO companies (name) SELECT 'Bench Company ' || c FROM generate_series(1, ${Math.ceil(stores / 10)}) c;
     INSERT INTO stores (tenant_id, company_id, display_name)
       SELECT ${tenantOf('s')}, (SELECT id FROM companies WHERE name = 'Bench Company ' || ((s - 1) / 10 + 1)), 'Bench Store ' || s
       FROM generate_series(1, ${stores}) s;
     INSERT INTO account_directory (email, tenant_id)
       SELECT 'admin@' || ${tenantOf('s')} || '.test', ${tenantOf('s')} FROM generate_series(1, ${stores}) s;
     INSERT INTO users (tenant_id, username, password_hash, first_name, last_name, roles)
       SELECT ${tenantOf('s')}, 'admin@' || ${tenantOf('s')} || '.test',
         (SELECT password_hash FROM users WHERE username = 'admin@demo-store.test'), 'Bench', 'Admin ' || s, '{ADMIN_USER}'
       FROM generate_series(1, ${stores}) s;`,
  );
  const customer = `${pick(FIRST_NAMES, 'n + s * 100000', 1)} || ' ' || ${pick(LAST_NAMES, 'n + s * 100000', 2)}`;
  await step(
    `cases: ${o.bigStoreCases.toLocaleString('en')} in the big store, ${SMALL_STORE_CASES} in each other`,
    `INSERT INTO cases (tenant_id, case_number, work_flow, is_archived, status, assignee, customer_name, customer_email,
       order_reference, description, items_summary, created_by, created_at, updated_at, search)
     SELECT tenant, num, 'claim', archived, status, 'admin@' || tenant || '.test', customer, email, ord, descr, product,
       'admin@' || tenant || '.test', created, created + interval '2 days',
       case_search_vector(tenant, concat_ws(' ', num::text, customer, email, ord, descr, product))
     FROM (
       SELECT ${tenantOf('s')} AS tenant, ${FIRST_CASE_NUMBER} + n AS num, ${customer} AS customer,
         ${asciiEmailPart(customer)} || '.' || n || '@example.no' AS email, 'ORD-' || (200000 + n) AS ord,
         ${pick(PRODUCTS, 'n + s * 100000', 3)} AS product, 'Kunden melder feil etter kort tid.' AS descr,
         (${hash('n + s * 100000', 4, 10)} < 5) AS archived,
         ${pick(['new', 'in-progress', 'waiting-supplier', 'waiting-customer', 'resolved'], 'n + s * 100000', 5)} AS status,
         now() - ${hash('n + s * 100000', 6, 730 * 24)} * interval '1 hour' AS created
       FROM generate_series(1, ${stores}) s,
         LATERAL generate_series(1, CASE WHEN s = 1 THEN ${o.bigStoreCases} ELSE ${SMALL_STORE_CASES} END) n
     ) rows;
     INSERT INTO case_counters (tenant_id, last_number)
       SELECT tenant_id, max(case_number) FROM cases WHERE tenant_id LIKE 'bench-%' GROUP BY tenant_id;`,
  );
  await insertMails(client, o, step);
  await step(
    'attachments on about one mail in eight (a PDF; an image on one in 24 more)',
    `INSERT INTO mail_attachments (tenant_id, mail_log_id, position, file_hash, file_name, content_type, size)
     SELECT tenant_id, id, 0, md5(id::text) || md5(tenant_id), 'kvittering-' || id || '.pdf', 'application/pdf', 20000 + id % 400000
     FROM mail_logs WHERE tenant_id LIKE 'bench-%' AND ${hash('id', 20, 8)} = 0
     UNION ALL
     SELECT tenant_id, id, 1, md5(tenant_id) || md5(id::text), 'bilde-' || id || '.jpg', 'image/jpeg', 150000 + id % 2000000
     FROM mail_logs WHERE tenant_id LIKE 'bench-%' AND ${hash('id', 21, 24)} = 0`,
  );
  await step('analyze', 'ANALYZE');
}

/**
 * The mails, in one statement. Row g is the big store's when g <= bigStoreMails, else one of the
 * others' in turn; `i` is its number within its store. The indexes of mail_logs (all but its keys)
 * are dropped and made again around the insert, in the same transaction: building a GIN index
 * once is many times faster than adding a million rows to it.
 */
async function insertMails(
  client: pg.Client,
  o: MailGenerateOptions,
  step: (what: string, sql: string) => Promise<void>,
) {
  const big = o.bigStoreMails;
  const others = o.stores - 1;
  const s = `CASE WHEN g <= ${big} THEN 1 ELSE 2 + (g - ${big + 1}) % ${others} END`;
  const previous = `CASE WHEN g <= ${big} THEN g - 1 ELSE g - ${others} END`;
  const nCases = `CASE WHEN g <= ${big} THEN ${o.bigStoreCases} ELSE ${SMALL_STORE_CASES} END`;
  const messageId = (of: string) => `'<m' || (${of}) || '.' || tenant || '@mail.example>'`;
  const words = `(SELECT string_agg((${arr(WORDS)})[1 + abs(hashint8(g::bigint * 131 + k)::bigint) % ${WORDS.length}], ' ')
      FROM generate_series(1, 25 + ${hash('g', 30, 60)}) k)`;
  const { rows } = await client.query<{ name: string; def: string }>(
    `SELECT indexname AS name, indexdef AS def FROM pg_indexes
     WHERE tablename = 'mail_logs' AND indexname NOT IN (SELECT conname FROM pg_constraint WHERE conrelid = 'mail_logs'::regclass)`,
  );
  await step(
    `${o.mails.toLocaleString('en')} mails, ${big.toLocaleString('en')} in the big store; ${rows.length} indexes made again`,
    `BEGIN;
     SET LOCAL maintenance_work_mem = '512MB';
     ${rows.map((r) => `DROP INDEX ${r.name};`).join('\n')}
     INSERT INTO mail_logs (tenant_id, case_id, direction, mail_log_type, message_id, in_reply_to, "references",
       from_address, from_name, "to", subject, text, sent_at, is_read, send_state, send_attempts, send_error,
       raw_file_hash, raw_size, created_by, created_at, received_at)
     SELECT tenant, CASE WHEN unmapped THEN NULL ELSE c.id END, CASE WHEN inbound THEN 'in' ELSE 'out' END,
       CASE WHEN kind < 85 THEN 'customer' WHEN kind < 95 THEN 'supplier' ELSE 'internal' END,
       ${messageId('g')}, reply_to, CASE WHEN reply_to IS NULL THEN '{}'::text[] ELSE ARRAY[reply_to] END,
       CASE WHEN inbound THEN (CASE WHEN unmapped AND sender_kind > 0 THEN 'ny.kunde' || g || '@example.com' ELSE c.customer_email END)
         ELSE 'support@' || tenant || '.test' END,
       CASE WHEN inbound THEN (CASE WHEN unmapped AND sender_kind > 0 THEN 'Ny Kunde ' || g ELSE c.customer_name END)
         ELSE 'Bench Store' END,
       jsonb_build_array(jsonb_build_object('address', CASE WHEN inbound THEN 'support@' || tenant || '.test' ELSE c.customer_email END)),
       CASE WHEN reply_to IS NOT NULL THEN 'Re: ' ELSE '' END || subject_start || ' ' || lower(product)
         || CASE WHEN NOT inbound OR (unmapped AND sender_kind = 1) THEN ' [#' || c.case_number || ']' ELSE '' END,
       CASE WHEN inbound THEN 'Hei, ' ELSE 'Hei ' || c.customer_name || ', ' END || body
         || CASE WHEN unmapped AND sender_kind = 2 THEN ' Ordrenummer ' || c.order_reference || '.' ELSE '' END
         || ' Mvh ' || CASE WHEN inbound THEN coalesce(c.customer_name, 'Ny Kunde') ELSE 'Bench Store' END,
       created, inbound AND read_roll >= 2 OR NOT inbound,
       CASE WHEN inbound THEN NULL WHEN send_roll = 0 THEN 'failed' WHEN send_roll = 1 THEN 'pending' ELSE 'sent' END,
       CASE WHEN inbound THEN 0 WHEN send_roll = 0 THEN 5 ELSE 1 END,
       CASE WHEN NOT inbound AND send_roll = 0 THEN '550 5.1.1 Recipient address rejected: User unknown' END,
       md5(g::text) || md5(tenant), 2000 + length(body) * 2,
       CASE WHEN inbound THEN NULL ELSE 'admin@' || tenant || '.test' END, created, CASE WHEN inbound THEN created END
     FROM (
       SELECT g, tenant, inbound, inbound AND ${hash('g', 12, 7)} = 0 AS unmapped, ${hash('g', 13, 3)} AS sender_kind,
         ${hash('g', 14, 100)} AS kind, ${hash('g', 15, 10)} AS read_roll, ${hash('g', 16, 100)} AS send_roll,
         ${pick(SUBJECTS, 'g', 17)} AS subject_start, ${pick(PRODUCTS, 'g', 18)} AS product, ${words} AS body,
         ${FIRST_CASE_NUMBER} + 1 + ${hash('g', 19, nCases)} AS case_number,
         CASE WHEN ${hash('g', 22, 2)} = 0 AND (${previous}) >= 1 THEN ${messageId(previous)} END AS reply_to,
         date_trunc('milliseconds', now() - ${hash('g', 23, 730 * 24 * 60)} * interval '1 minute') AS created
       FROM (
         SELECT g, 'bench-' || lpad((${s})::text, 3, '0') AS tenant, ${hash('g', 11, 10)} < 7 AS inbound
         FROM generate_series(1, ${o.mails}) g
       ) base
     ) m
     JOIN cases c ON c.tenant_id = m.tenant AND c.case_number = m.case_number;
     ${rows.map((r) => `${r.def};`).join('\n')}
     COMMIT;`,
  );
}
