// Issue 24 point 4's figures: the three "Send to supplier" calls through the app (Fastify's
// inject, in this process, no sockets), one at a time on a store of 200 cases with three items
// and a mail with a photo and a PDF each: the case's supplier status, the prefilled claim mail,
// a send refused for missing evidence (nothing written) and a send that queues the mail, marks
// the case and notes it on the timeline. PGlite by default; PostgreSQL with DATABASE_URL (a
// database of its own, as the server's tests make). Prints milliseconds; asserts nothing.
import { performance } from 'node:perf_hooks';
import { attachmentPath, type TSupplier } from '@claimdesk/contracts';
import { mailAttachments, mailLogs } from '../packages/server/src/db/schema';
import { call, signIn } from '../packages/server/test/helpers/api';
import { createCase, createStore, createUser } from '../packages/server/test/helpers/factories';
import { createTestApp } from '../packages/server/test/helpers/test-app';

const CASES = 200;
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 200);

const t = await createTestApp();
const store = await createStore(t.db);
const admin = await signIn(t.app, await createUser(t.db, store.tenantId, { roles: ['ADMIN_USER'] }));
const made = await call(t.app, admin, {
  method: 'POST',
  url: '/v2/api/suppliers',
  body: {
    name: 'Bench Parts AS',
    claimAddress: 'claims@bench-parts.test',
    requiredEvidence: ['photos', 'receipt'],
    answerDays: 5,
  },
});
const supplier = made.json<TSupplier>();
const photo = await t.app.deps.files.put(Buffer.alloc(40_000, 7));
const pdf = await t.app.deps.files.put(Buffer.alloc(20_000, 9));
const caseIds: number[] = [];
/** Each case's photo and PDF, as the claim mail chooses them. */
const files = new Map<number, { filePath: string }[]>();
for (let i = 0; i < CASES; i++) {
  const row = await createCase(t.db, store.tenantId, {
    supplierId: supplier.id,
    supplierName: supplier.name,
    purchaseDate: '2026-09-01',
    orderReference: `ORD-${String(i)}`,
    items: [1, 2, 3].map((n) => ({ productName: `Product ${String(n)}`, sku: `SKU-${String(n)}` })),
  });
  const [mail] = await t.db
    .insert(mailLogs)
    .values({
      tenantId: store.tenantId,
      caseId: row.id,
      direction: 'in',
      messageId: `<bench-${String(i)}@customer.test>`,
      subject: 'Photos',
      text: 'Here',
    })
    .returning({ id: mailLogs.id });
  if (!mail) throw new Error('no mail');
  const attached = await t.db
    .insert(mailAttachments)
    .values([
      {
        tenantId: store.tenantId,
        mailLogId: mail.id,
        position: 0,
        fileHash: photo,
        fileName: 'a.jpg',
        contentType: 'image/jpeg',
        size: 40_000,
      },
      {
        tenantId: store.tenantId,
        mailLogId: mail.id,
        position: 1,
        fileHash: pdf,
        fileName: 'r.pdf',
        contentType: 'application/pdf',
        size: 20_000,
      },
    ])
    .returning({ id: mailAttachments.id });
  files.set(
    row.id,
    attached.map((a) => ({ filePath: attachmentPath(mail.id, a.id) })),
  );
  caseIds.push(row.id);
}

const pick = (round: number) => caseIds[round % caseIds.length] ?? 0;
async function measure(name: string, run: (caseId: number) => Promise<number>) {
  const times: number[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    const started = performance.now();
    const status = await run(pick(round));
    times.push(performance.now() - started);
    if (status >= 500) throw new Error(`${name}: ${String(status)}`);
  }
  times.sort((a, b) => a - b);
  const at = (q: number) => (times[Math.min(times.length - 1, Math.floor(q * times.length))] ?? 0).toFixed(1);
  console.log(`  ${name.padEnd(34)} median ${at(0.5)} ms   p95 ${at(0.95)} ms   (${String(ROUNDS)} calls)`);
}

const body = { to: ['claims@bench-parts.test'], subject: 'Claim', html: '<p>Claim</p>' };
console.log(
  `\nsend to supplier (${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'}, ${String(CASES)} cases, inject)`,
);
await measure(
  'GET …/supplier (status)',
  async (id) => (await call(t.app, admin, { url: `/v2/api/claims/${String(id)}/supplier` })).statusCode,
);
await measure(
  'GET …/supplier-compose (prefill)',
  async (id) =>
    (await call(t.app, admin, { url: `/v2/api/claims/${String(id)}/supplier-compose` })).statusCode,
);
await measure('POST …/send-to-supplier (refused)', async (id) => {
  const refused = await call(t.app, admin, {
    method: 'POST',
    url: `/v2/api/claims/${String(id)}/send-to-supplier`,
    body,
  });
  if (refused.statusCode !== 400) throw new Error(`expected a refusal, got ${String(refused.statusCode)}`);
  return 200;
});
await measure('POST …/send-to-supplier (sent)', async (id) => {
  const sent = await call(t.app, admin, {
    method: 'POST',
    url: `/v2/api/claims/${String(id)}/send-to-supplier`,
    body: { ...body, attachments: files.get(id) ?? [] },
  });
  if (sent.statusCode !== 201)
    throw new Error(`expected a send, got ${String(sent.statusCode)} ${sent.body}`);
  return sent.statusCode;
});
await t.close();
