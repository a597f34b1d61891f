// The reports benchmark's data beside the million cases (cases-generator.ts makes those): for
// the stores the load goes to, suppliers named on their claims, closing times, a cost line per
// supplier claim with credit notes, expected credits and supplier answers, two mailboxes, and a
// customer mail in and (mostly) an answer out on every case. In SQL run by the database itself
// (generate_series, hashes of ids), so it is the same on every run; done once, then found again.
import type pg from 'pg';

/** Suppliers per store. */
const SUPPLIERS = 20;
// A number from 0 to modulo - 1 by a hash of the case id, the same on every run; each use its own salt.
const hash = (salt: number, modulo: number) => `(abs(hashint4(c.id + ${salt})) % ${modulo})`;

/** Whether the stores have their reports data already. */
export async function hasReportsData(client: pg.Client, stores: string[]): Promise<boolean> {
  const { rows } = await client.query<{ suppliers: number; mails: number }>(
    `SELECT (SELECT count(*)::int FROM suppliers WHERE tenant_id = ANY($1) AND name LIKE 'Bench Supplier %') AS suppliers,
       (SELECT count(*)::int FROM mailboxes WHERE tenant_id = ANY($1) AND address LIKE 'reports@%') AS mails`,
    [stores],
  );
  return rows[0]?.suppliers === SUPPLIERS * stores.length && rows[0].mails === stores.length;
}

export async function generateReportsData(
  client: pg.Client,
  stores: string[],
  log: (line: string) => void,
): Promise<void> {
  const step = async (what: string, text: string) => {
    const started = Date.now();
    const { rowCount } = await client.query(text, [stores]);
    log(
      `  ${what}: ${(rowCount ?? 0).toLocaleString('en')} rows (${((Date.now() - started) / 1000).toFixed(1)} s)`,
    );
  };
  const inStores = 'c.tenant_id = ANY($1)';
  await step(
    'clear earlier reports data',
    `WITH mails AS (DELETE FROM mail_logs WHERE tenant_id = ANY($1) AND message_id LIKE '<bench-report-%'),
       costs AS (DELETE FROM case_costs WHERE tenant_id = ANY($1)),
       notes AS (DELETE FROM case_credit_notes WHERE tenant_id = ANY($1)),
       recovery AS (DELETE FROM case_recovery WHERE tenant_id = ANY($1)),
       answers AS (DELETE FROM supplier_answers WHERE tenant_id = ANY($1)),
       boxes AS (DELETE FROM mailboxes WHERE tenant_id = ANY($1) AND address LIKE 'reports@%')
     UPDATE cases c SET supplier_id = NULL, supplier_name = NULL, closed_at = NULL WHERE ${inStores}`,
  );
  await step(
    'remove earlier bench suppliers',
    `DELETE FROM suppliers WHERE tenant_id = ANY($1) AND name LIKE 'Bench Supplier %'`,
  );
  await step(
    'suppliers',
    `INSERT INTO suppliers (tenant_id, name, answer_days)
     SELECT s, 'Bench Supplier ' || n, 7 + n % 14 FROM unnest($1::text[]) s, generate_series(1, ${SUPPLIERS}) n`,
  );
  await step(
    'claims given a supplier, cases closed when resolved, rejected or archived',
    `UPDATE cases c SET
       supplier_id = CASE WHEN c.work_flow = 'claim' THEN sp.id END,
       supplier_name = CASE WHEN c.work_flow = 'claim' THEN sp.name END,
       closed_at = CASE WHEN c.is_archived OR c.status IN ('resolved', 'rejected')
         THEN least(now(), c.created_at + (2 + ${hash(11, 700)}) * interval '1 hour') END
     FROM suppliers sp
     WHERE ${inStores} AND sp.tenant_id = c.tenant_id AND sp.name = 'Bench Supplier ' || (1 + ${hash(12, SUPPLIERS)})`,
  );
  await step(
    'a cost line on each supplier claim',
    `INSERT INTO case_costs (tenant_id, case_id, cost_type, currency, exchange_rate, store_currency, net_minor,
       vat_rate, vat_minor, gross_minor, gross_store_minor, net_store_minor, cost_date, paid_by, created_by, updated_by)
     SELECT c.tenant_id, c.id, 'shipping', 'NOK', 1, 'NOK', net, 25, net / 4, net + net / 4, net + net / 4, net,
       c.created_at::date, (ARRAY['supplier', 'supplier', 'supplier', 'store', 'customer'])[1 + ${hash(13, 5)}],
       'bench', 'bench'
     FROM cases c, LATERAL (SELECT (5000 + ${hash(14, 50000)}) * 4 AS net) a
     WHERE ${inStores} AND c.supplier_id IS NOT NULL`,
  );
  await step(
    'credit notes on two claims in five',
    `INSERT INTO case_credit_notes (tenant_id, case_id, number, note_date, currency, exchange_rate, store_currency,
       amount_minor, amount_store_minor, created_by)
     SELECT c.tenant_id, c.id, 'KN-' || c.id, c.created_at::date + 20, 'NOK', 1, 'NOK', amount, amount, 'bench'
     FROM cases c JOIN case_costs k ON k.tenant_id = c.tenant_id AND k.case_id = c.id,
       LATERAL (SELECT greatest(1, k.gross_store_minor * (20 + ${hash(15, 81)}) / 100) AS amount) a
     WHERE ${inStores} AND ${hash(16, 5)} < 2`,
  );
  await step(
    'an expected credit set on one claim in twenty',
    `INSERT INTO case_recovery (tenant_id, case_id, expected_credit_minor, updated_by)
     SELECT c.tenant_id, c.id, 10000 + ${hash(17, 90000)}, 'bench'
     FROM cases c WHERE ${inStores} AND c.supplier_id IS NOT NULL AND ${hash(18, 20)} = 0`,
  );
  await step(
    'supplier answers on seven claims in ten',
    `INSERT INTO supplier_answers (tenant_id, case_id, outcome, answered_by, created_at)
     SELECT c.tenant_id, c.id, (ARRAY['accepted', 'accepted', 'partly', 'declined'])[1 + ${hash(19, 4)}],
       'bench@supplier.test', c.created_at + interval '3 days'
     FROM cases c WHERE ${inStores} AND c.supplier_id IS NOT NULL AND ${hash(20, 10)} < 7`,
  );
  await step(
    'a mailbox per store',
    `INSERT INTO mailboxes (tenant_id, address, kind)
     SELECT s, 'reports@' || s || '.test', 'forward' FROM unnest($1::text[]) s`,
  );
  await step(
    'a customer mail in on every case, and an answer out on four in five',
    `INSERT INTO mail_logs (tenant_id, case_id, mailbox_id, direction, message_id, subject, created_at, received_at,
       sent_at, send_state, is_read)
     SELECT c.tenant_id, c.id, mb.id, m.direction, '<bench-report-' || m.direction || '-' || c.id || '@' || c.tenant_id || '>',
       'Reklamasjon ' || c.case_number, m.at, CASE WHEN m.direction = 'in' THEN m.at END,
       CASE WHEN m.direction = 'out' THEN m.at END, CASE WHEN m.direction = 'out' THEN 'sent' END, true
     FROM cases c JOIN mailboxes mb ON mb.tenant_id = c.tenant_id AND mb.address = 'reports@' || c.tenant_id || '.test',
       LATERAL (VALUES ('in', c.created_at + interval '5 minutes'),
         ('out', c.created_at + (1 + ${hash(21, 48)}) * interval '1 hour')) m(direction, at)
     WHERE ${inStores} AND (m.direction = 'in' OR ${hash(22, 5)} < 4)`,
  );
}
