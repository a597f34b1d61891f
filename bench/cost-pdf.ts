// Issue 25's first figure: the supplier statement of a period (GET
// /v2/api/reports/get-cost-reg-pdf?fromDate&toDate&supplier) over 10,000 cost lines, through the
// API: the time to the last byte and the PDF's size and pages, in two shapes of the same 10,000
// lines: 2,500 cases of 4 lines (2,500 rows) and 10,000 cases of 1 line (10,000 rows, the worst
// case for the drawing). The time is split into its SQL (the route's three statements) and the
// drawing (pdfkit) by running each alone in this process. The server, its database (PGlite) and
// the client share this one process, so its CPU time per request is what the PDF costs, whatever
// else the machine runs meanwhile (wall time is that plus waiting for a core). Aim: under 2 s. Runs on PGlite in
// memory, or on PostgreSQL in its own database (claimdesk_bench_pdf) when DATABASE_URL is set.
import { mkdtemp, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { buildApp } from '../packages/server/src/app';
import { loadConfig } from '../packages/server/src/config';
import { openDatabase, type Db } from '../packages/server/src/db/client';
import { companies, stores, suppliers } from '../packages/server/src/db/schema';
import { forTenant } from '../packages/server/src/db/tenant-db';
import { hashPassword } from '../packages/server/src/modules/auth/passwords';
import { findPeriodData } from '../packages/server/src/modules/reports/cost-pdf/cost-pdf.repository';
import { statementCases } from '../packages/server/src/modules/reports/cost-pdf/cost-pdf.service';
import { pdfFormat } from '../packages/server/src/modules/reports/cost-pdf/pdf-format';
import { PDF_LABELS } from '../packages/server/src/modules/reports/cost-pdf/pdf-labels';
import { periodCostPdf } from '../packages/server/src/modules/reports/cost-pdf/period-cost-pdf';
import { insertUser } from '../packages/server/src/modules/users/users.repository';

const LINES = 10_000;
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const DB_NAME = 'claimdesk_bench_pdf';
const PASSWORD = 'Bench-pass-123';
const FROM = '2026-01-01';
const TO = '2026-12-31';

async function databaseUrl(): Promise<string | undefined> {
  const serverUrl = process.env.DATABASE_URL;
  if (!serverUrl) return undefined;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${DB_NAME} WITH (FORCE)`);
  await admin.query(`CREATE DATABASE ${DB_NAME}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${DB_NAME}`;
  return url.toString();
}

/** A store with an administrator and a supplier, and `cases` cases of 2026 holding LINES lines. */
async function fillStore(
  db: Db,
  tenantId: string,
  cases: number,
): Promise<{ user: string; supplierId: number }> {
  const [company] = await db
    .insert(companies)
    .values({ name: `Company ${tenantId}` })
    .returning();
  if (!company) throw new Error('no company');
  await db.insert(stores).values({
    tenantId,
    companyId: company.id,
    displayName: `Kjøkken & Søm ${tenantId}`,
    language: 'nr',
  });
  const user = `admin@${tenantId}.test`;
  await insertUser(forTenant(db, tenantId), {
    username: user,
    firstName: 'Bench',
    lastName: 'Admin',
    roles: ['ADMIN_USER'],
    passwordHash: await hashPassword(PASSWORD),
    mustResetPassword: false,
  });
  const [supplier] = await db.insert(suppliers).values({ tenantId, name: 'Müller Ølbrygg GmbH' }).returning();
  if (!supplier) throw new Error('no supplier');
  const perCase = LINES / cases;
  // One statement per table, as the database writes rows fastest.
  await db.execute(sql`
    INSERT INTO cases (tenant_id, case_number, work_flow, status, customer_name, created_by,
      created_at, updated_at, supplier_id, supplier_name)
    SELECT ${tenantId}, 10000 + n, 'claim', 'new', 'Kunde Ærlig Øverby ' || n, ${user},
      timestamptz '2026-01-01 08:00:00+00' + (n % 360) * interval '1 day',
      timestamptz '2026-01-01 08:00:00+00' + (n % 360) * interval '1 day',
      ${supplier.id}, ${supplier.name}
    FROM generate_series(1, ${cases}) AS n`);
  await db.execute(sql`
    INSERT INTO case_costs (tenant_id, case_id, cost_type, currency, exchange_rate, store_currency,
      net_minor, vat_rate, vat_minor, gross_minor, gross_store_minor, net_store_minor, cost_date,
      paid_by, created_by, updated_by)
    SELECT ${tenantId}, c.id, 'shipping', 'NOK', 1, 'NOK', 10000 + k, 25,
      round((10000 + k) * 0.25), 10000 + k + round((10000 + k) * 0.25),
      10000 + k + round((10000 + k) * 0.25), 10000 + k, '2026-06-01',
      CASE WHEN k % 4 = 3 THEN 'store' ELSE 'supplier' END, ${user}, ${user}
    FROM cases c, generate_series(0, ${perCase - 1}) AS k
    WHERE c.tenant_id = ${tenantId}`);
  // A credit note on every other case.
  await db.execute(sql`
    INSERT INTO case_credit_notes (tenant_id, case_id, number, note_date, currency, exchange_rate,
      store_currency, amount_minor, amount_store_minor, created_by)
    SELECT ${tenantId}, c.id, 'KN-' || c.case_number, '2026-07-01', 'NOK', 1, 'NOK', 5000, 5000, ${user}
    FROM cases c WHERE c.tenant_id = ${tenantId} AND c.case_number % 2 = 0`);
  return { user, supplierId: supplier.id };
}

async function signIn(base: string, tenantId: string, username: string): Promise<Record<string, string>> {
  const response = await fetch(`${base}/v2/oauth/token`, {
    method: 'POST',
    headers: {
      authorization: `Basic ${Buffer.from('claimdesk-web:claimdesk-web').toString('base64')}`,
      'x-tenant-id': tenantId,
      'content-type': 'application/x-www-form-urlencoded',
    },
    body: new URLSearchParams({ grant_type: 'password', username, password: PASSWORD }),
  });
  if (!response.ok) throw new Error(`sign-in failed: ${String(response.status)} ${await response.text()}`);
  const token = ((await response.json()) as { access_token: string }).access_token;
  return { authorization: `Bearer ${token}`, 'x-tenant-id': tenantId };
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;
const pagesOf = (pdf: Buffer) => pdf.toString('latin1').match(/\/Type \/Page\b(?!s)/g)?.length ?? 0;

async function main() {
  const url = await databaseUrl();
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'claimdesk-bench-pdf-'));
  const database = await openDatabase({ url, dataDir: url ? dataDir : 'memory://', poolSize: 5 });
  const config = loadConfig({
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    SEED_DEMO: 'false',
    MAIL_WORKERS: 'false',
    WEB_DIST: path.join(dataDir, 'no-web'),
    ...(url && { DATABASE_URL: url }),
  });
  const app = await buildApp({ config, db: database.db });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const base = `http://127.0.0.1:${String((app.server.address() as AddressInfo).port)}`;
  console.log(
    `\nCost PDF benchmark: the supplier statement of a year with ${LINES.toLocaleString('en')} cost lines ` +
      `(${url ? 'PostgreSQL' : 'PGlite in memory'}; median of ${String(ROUNDS)} after one warm-up; aim < 2 s)`,
  );
  try {
    for (const cases of [2_500, 10_000]) {
      const tenantId = `bench-pdf-${String(cases)}`;
      const { user, supplierId } = await fillStore(database.db, tenantId, cases);
      const headers = await signIn(base, tenantId, user);
      const request = `${base}/v2/api/reports/get-cost-reg-pdf?fromDate=${FROM}&toDate=${TO}&supplier=${String(supplierId)}`;
      const times: number[] = [];
      const cpuTimes: number[] = [];
      let pdf = Buffer.alloc(0);
      for (let round = 0; round <= ROUNDS; round++) {
        const started = performance.now();
        const cpu = process.cpuUsage();
        const response = await fetch(request, { headers });
        if (!response.ok) throw new Error(`${String(response.status)} ${await response.text()}`);
        pdf = Buffer.from(await response.arrayBuffer());
        const used = process.cpuUsage(cpu);
        if (round > 0) {
          times.push(performance.now() - started);
          cpuTimes.push((used.user + used.system) / 1000);
        }
      }
      // The same work in parts, in this process: the SQL, then the drawing.
      const db = forTenant(database.db, tenantId);
      const filter = {
        fromDate: FROM,
        toDate: TO,
        timeZone: 'UTC',
        supplier: { owner: { source: 'internal' as const }, id: supplierId },
      };
      const sqlTimes: number[] = [];
      const drawTimes: number[] = [];
      for (let round = 0; round < ROUNDS; round++) {
        const started = performance.now();
        const data = await findPeriodData(db, filter);
        sqlTimes.push(performance.now() - started);
        const drawn = performance.now();
        await periodCostPdf({
          storeName: tenantId,
          storeCurrency: 'NOK',
          supplierName: 'Müller Ølbrygg GmbH',
          fromDate: FROM,
          toDate: TO,
          cases: statementCases(data),
          labels: PDF_LABELS.nr,
          format: pdfFormat('nr', 'UTC'),
          language: 'nr',
          generatedAt: new Date(),
        });
        drawTimes.push(performance.now() - drawn);
      }
      console.log(
        `  ${cases.toLocaleString('en').padStart(6)} cases × ${String(LINES / cases)} lines: ` +
          `${(median(times) / 1000).toFixed(2)} s through the API, ${(median(cpuTimes) / 1000).toFixed(2)} s of CPU ` +
          `(SQL ${median(sqlTimes).toFixed(0)} ms, ` +
          `drawing ${median(drawTimes).toFixed(0)} ms), ${(pdf.length / 1024).toFixed(0)} KiB, ` +
          `${String(pagesOf(pdf))} pages`,
      );
    }
  } finally {
    await app.close();
    await database.close();
    await rm(dataDir, { recursive: true, force: true });
    if (url) {
      const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
      await admin.connect();
      await admin.query(`DROP DATABASE IF EXISTS ${DB_NAME} WITH (FORCE)`);
      await admin.end();
    }
  }
}

await main();
