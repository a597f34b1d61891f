// A 500-mail thread opened in Chromium: a case of the demo store with that many mails (made once),
// the demo user signed in through the login screen, then the case opened and its mail tab shown;
// the time is from the case's URL until the newest mail's subject is visible.
import { existsSync } from 'node:fs';
import path from 'node:path';
import type pg from 'pg';
import { chromium, type Page } from 'playwright-core';

const TENANT = 'demo-store';
const MARK = 'BENCH-THREAD-500';
const DEMO_USER = 'admin@demo-store.test';
const DEMO_PASSWORD = 'Demo-1234!';
export const THREAD_MAILS = 500;
const subjectOf = (n: number) => `Benk-tråd ${n} av ${THREAD_MAILS}: reklamasjon på kaffemaskin`;
/** How long to wait for the newest mail before saying the screen is missing. */
const WAIT_MS = 20_000;

/** The case with the long thread, made the first time: its id and its newest mail's subject. */
export async function ensureThreadCase(client: pg.Client): Promise<{ caseId: number; subject: string }> {
  const found = await client.query<{ id: number }>(
    'SELECT id FROM cases WHERE tenant_id = $1 AND order_reference = $2',
    [TENANT, MARK],
  );
  let caseId = found.rows[0]?.id;
  if (caseId === undefined) {
    await client.query('BEGIN');
    const { rows } = await client.query<{ id: number }>(
      `WITH n AS (UPDATE case_counters SET last_number = last_number + 1 WHERE tenant_id = $1 RETURNING last_number)
       INSERT INTO cases (tenant_id, case_number, work_flow, status, assignee, customer_name, customer_email,
         order_reference, description, items_summary, created_by, created_at, updated_at)
       SELECT $1, n.last_number, 'claim', 'in-progress', $3, 'Tråd Testesen', 'trad.testesen@example.no', $2,
         'Kaffemaskinen lekker vann.', 'Kaffemaskin', $3, now() - interval '30 days', now() FROM n
       RETURNING id`,
      [TENANT, MARK, DEMO_USER],
    );
    caseId = rows[0]?.id;
    if (caseId === undefined) throw new Error('no case counter for demo-store');
    await client.query(
      `INSERT INTO mail_logs (tenant_id, case_id, direction, message_id, from_address, from_name, "to", subject,
         text, sent_at, is_read, send_state, created_by, created_at, received_at)
       SELECT $1, $2, CASE WHEN i % 2 = 1 THEN 'in' ELSE 'out' END, '<bench-thread-' || i || '@demo-store.test>',
         CASE WHEN i % 2 = 1 THEN 'trad.testesen@example.no' ELSE 'support@demo-store.test' END,
         CASE WHEN i % 2 = 1 THEN 'Tråd Testesen' ELSE 'Demo Store' END,
         jsonb_build_array(jsonb_build_object('address', CASE WHEN i % 2 = 1 THEN 'support@demo-store.test' ELSE 'trad.testesen@example.no' END)),
         'Benk-tråd ' || i || ' av ${THREAD_MAILS}: reklamasjon på kaffemaskin',
         repeat('Hei, maskinen lekker fortsatt vann under bruk, og displayet viser feilkode E' || i || '. ', 6)
           || E'\n\nMvh Tråd Testesen',
         t, true, CASE WHEN i % 2 = 0 THEN 'sent' END, CASE WHEN i % 2 = 0 THEN $3 END, t, CASE WHEN i % 2 = 1 THEN t END
       FROM generate_series(1, ${THREAD_MAILS}) i,
         LATERAL (SELECT date_trunc('milliseconds', now() - interval '30 days' + i * interval '1 hour') AS t) at`,
      [TENANT, caseId, DEMO_USER],
    );
    await client.query('COMMIT');
  }
  return { caseId, subject: subjectOf(THREAD_MAILS) };
}

async function signIn(page: Page) {
  await page.goto('/login');
  await page.getByLabel('Email').fill(DEMO_USER);
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByLabel(/^Password/).fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL(/\/cases\/open\//);
}

interface Opened {
  /** From the case's URL to its newest mail on screen. */
  total: number;
  /** From the case's URL to the thread's answer (GET …/mail-logs) received in full. */
  answer: number | null;
}

/** The times of one opening, or null when the newest mail never shows. */
async function openThread(page: Page, caseId: number, subject: string): Promise<Opened | null> {
  const started = performance.now();
  let answer: number | null = null;
  const answered = page
    .waitForResponse((r) => r.url().includes('/mail-logs'), { timeout: WAIT_MS })
    .then(async (r) => {
      await r.body();
      answer = performance.now() - started;
    })
    .catch(() => undefined);
  await page.goto(`/cases/open/claim/${caseId}`);
  const newest = page.getByText(subject, { exact: true });
  try {
    await page.getByRole('tab', { name: /^Mails/ }).click({ timeout: WAIT_MS });
    await newest.waitFor({ state: 'visible', timeout: WAIT_MS });
    // Visible and scrolled into the viewport: the thread opens at the newest mail.
    const deadline = Date.now() + WAIT_MS;
    const height = page.viewportSize()?.height ?? 900;
    for (;;) {
      const box = await newest.boundingBox();
      if (box && box.y + box.height > 0 && box.y < height) break;
      if (Date.now() > deadline) return null;
      await page.waitForTimeout(10);
    }
  } catch {
    return null;
  }
  const total = performance.now() - started;
  await answered;
  return { total, answer };
}

/** Opens the thread `runs` times in one signed-in browser; prints each time, or why none was measured. */
export async function measureThread(
  baseURL: string,
  thread: { caseId: number; subject: string },
  webDist: string,
  runs = 3,
): Promise<void> {
  console.log(`\n${THREAD_MAILS}-mail thread in Chromium (a case of demo-store, its mail tab)`);
  if (!existsSync(path.join(webDist, 'index.html'))) {
    console.log(`  not measured: no web build in ${webDist} (npm run build -w @claimdesk/web)`);
    return;
  }
  const browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'],
  });
  try {
    const context = await browser.newContext({ baseURL, viewport: { width: 1280, height: 900 } });
    await context.addInitScript({ content: "localStorage.setItem('cd.language', 'en')" });
    const page = await context.newPage();
    await signIn(page);
    const times: Opened[] = [];
    for (let run = 0; run < runs; run += 1) {
      const opened = await openThread(page, thread.caseId, thread.subject);
      if (opened === null) {
        console.log('  not measured: screen missing (the newest mail never showed)');
        return;
      }
      times.push(opened);
    }
    const median = [...times].sort((a, b) => a.total - b.total)[Math.floor(times.length / 2)];
    const ms = (value: number | null | undefined) => (value == null ? '?' : `${value.toFixed(0)} ms`);
    for (const [i, t] of times.entries()) {
      console.log(
        `  ${i === 0 ? 'first opening' : `opening ${i + 1}`}: case URL to newest mail visible ${ms(t.total)} (the thread's API answer in at ${ms(t.answer)})`,
      );
    }
    const total = median?.total ?? 0;
    console.log(`  median ${ms(total)}; aim under 1000 ms: ${total < 1000 ? 'PASS' : 'BELOW'}`);
  } finally {
    await browser.close();
  }
}
