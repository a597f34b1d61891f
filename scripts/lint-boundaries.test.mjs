// Proves that lint refuses each import docs/architecture.md forbids: it plants one forbidden import of
// each kind in a temporary file inside the real folders, lints them with the repository's own
// eslint.config.js, and expects the named rule to refuse each one. Run: node --test scripts/lint-boundaries.test.mjs
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const tag = `zz-lint-probe-${process.pid}`;
const BOUNDARIES = 'boundaries/dependencies';
const CYCLE = 'import-x/no-cycle';
const TENANT = 'claimdesk/tenant-scope';
const REPOSITORY = 'claimdesk/sql-in-repositories';
const RING = 'claimdesk-modules/module-ring';
const STORE_FILTER = 'claimdesk/store-filter';
const LAYERS = 'no-restricted-imports';
const FENCES = [BOUNDARIES, CYCLE, TENANT, REPOSITORY, RING, STORE_FILTER, LAYERS];

/** A module file's source that makes one statement on `handle` (raw: the app's Db; tenant: a TenantDb). */
const statementOn = (handle) =>
  `import type { Db } from '../../db/client';\nimport { cases } from '../../db/schema';\nimport { forTenant } from '../../db/tenant-db';\n` +
  (handle === 'raw'
    ? `export const probe = (db: Db) => db.select().from(cases);\n`
    : `export const probe = (db: Db) => forTenant(db, 'x').select().from(cases);\n`);

/** Each probe: where the file goes, what it imports, and the rule that must refuse it (null: allowed). */
const probes = [
  {
    name: 'web imports the server through its package name',
    file: `packages/web/src/lib/${tag}.ts`,
    source: `import { buildApp } from '@claimdesk/server/src/app';\nexport const probe = buildApp;\n`,
    rule: BOUNDARIES,
  },
  {
    name: 'contracts import the server',
    file: `packages/contracts/src/${tag}.ts`,
    source: `import { loadConfig } from '@claimdesk/server/src/config';\nexport const probe = loadConfig;\n`,
    rule: BOUNDARIES,
  },
  {
    name: 'contracts import the web app',
    file: `packages/contracts/src/${tag}-web.ts`,
    source: `import { loadConfigDocument } from '@claimdesk/web/src/lib/config';\nexport const probe = loadConfigDocument;\n`,
    rule: BOUNDARIES,
  },
  {
    name: 'the server imports the web app',
    file: `packages/server/src/lib/${tag}.ts`,
    source: `import { loadConfigDocument } from '../../../web/src/lib/config';\nexport const probe = loadConfigDocument;\n`,
    rule: BOUNDARIES,
  },
  {
    name: 'a web feature imports another feature',
    file: `packages/web/src/features/cases/${tag}.ts`,
    source: `import * as users from '../users/api/create-user';\nexport const probe = users;\n`,
    rule: BOUNDARIES,
  },
  {
    name: 'a server module imports a plugin',
    file: `packages/server/src/modules/auth/${tag}.ts`,
    source: `import { registerErrorHandler } from '../../plugins/error-handler';\nexport const probe = registerErrorHandler;\n`,
    rule: BOUNDARIES,
  },
  {
    name: 'the data layer imports a module',
    file: `packages/server/src/db/${tag}.ts`,
    source: `import { hashPassword } from '../modules/auth/passwords';\nexport const probe = hashPassword;\n`,
    rule: BOUNDARIES,
  },
  {
    name: 'two files import each other',
    file: `packages/server/src/lib/${tag}-a.ts`,
    source: `import { b } from './${tag}-b';\nexport const a = (): number => b() + 1;\n`,
    rule: CYCLE,
  },
  {
    name: 'the other half of the cycle',
    file: `packages/server/src/lib/${tag}-b.ts`,
    source: `import { a } from './${tag}-a';\nexport const b = (): number => (Math.random() > 2 ? a() : 0);\n`,
    rule: CYCLE,
  },
  {
    name: 'a module reaches into another module’s sub-folder',
    file: `packages/server/src/modules/cases/${tag}.ts`,
    source: `import { createState } from '../mail/mailboxes/oauth-state';\nexport const probe = createState;\n`,
    rule: BOUNDARIES,
  },
  {
    name: 'a module’s sub-folder reaches into another module’s sub-folder',
    file: `packages/server/src/modules/users/${tag}/probe.ts`,
    source: `import { createState } from '../../mail/mailboxes/oauth-state';\nexport const probe = createState;\n`,
    rule: BOUNDARIES,
  },
  {
    // mail imports push (browser notifications); push importing mail back is a ring of modules.
    name: 'a module imports a module that imports it (a ring of modules)',
    file: `packages/server/src/modules/push/${tag}-ring.ts`,
    source: `import { queueMail } from '../mail/outbox/queue-mail.service';\nexport const probe = queueMail;\n`,
    rule: RING,
  },
  {
    // A longer ring: reports → costs → users, and users (a planted file) → reports.
    name: 'a ring through several modules',
    file: `packages/server/src/modules/users/${tag}-ring.ts`,
    source: `import { recordAudit } from '../audit/audit.repository';\nimport * as reports from '../reports/reports.routes';\nexport const probe = [recordAudit, reports];\n`,
    rule: RING,
  },
  {
    // Inside mail: intake asks threading for the case; threading importing intake turns back.
    name: 'a room of a module imports a room that imports it (a ring of rooms)',
    file: `packages/server/src/modules/mail/threading/${tag}-ring.ts`,
    source: `import { ingestMails } from '../intake/ingest.service';\nexport const probe = ingestMails;\n`,
    rule: RING,
  },
  {
    name: 'a room imports a room below it (no ring)',
    file: `packages/server/src/modules/mail/outbox/${tag}-below.ts`,
    source: `import { getMailbox } from '../accounts/mailbox.repository';\nexport const probe = getMailbox;\n`,
    rule: null,
  },
  {
    name: 'a module imports one below it (no ring)',
    file: `packages/server/src/modules/costs/${tag}-below.ts`,
    source: `import { recordAudit } from '../audit/audit.repository';\nexport const probe = recordAudit;\n`,
    rule: null,
  },
  {
    name: 'a repository filters a tenant table by hand in SQL text',
    file: `packages/server/src/modules/cases/${tag}-filter.repository.ts`,
    source:
      `import { sql } from 'drizzle-orm';\nimport type { TenantDb } from '../../db/tenant-db';\n` +
      'export const probe = (db: TenantDb) => db.execute((store) => sql`SELECT id FROM cases WHERE tenant_id = ${store.id}`);\n',
    rule: STORE_FILTER,
  },
  {
    name: 'a statement through execute() that leaves the store filter unused',
    file: `packages/server/src/modules/cases/${tag}-unfiltered.repository.ts`,
    source:
      `import { sql } from 'drizzle-orm';\nimport type { TenantDb } from '../../db/tenant-db';\n` +
      'export const probe = (db: TenantDb) => db.execute(() => sql`SELECT id FROM cases`);\n',
    rule: STORE_FILTER,
  },
  {
    name: "a module reaches the driver's client",
    file: `packages/server/src/modules/cases/${tag}-client.repository.ts`,
    source:
      `import type { TenantDb } from '../../db/tenant-db';\n` +
      "export const probe = (db: TenantDb) => (db.handle as unknown as { $client: { query: (q: string) => unknown } }).$client.query('SELECT 1');\n",
    rule: STORE_FILTER,
  },
  {
    name: 'a repository filters SQL text with the store filter',
    file: `packages/server/src/modules/cases/${tag}-owned.repository.ts`,
    source:
      `import { sql } from 'drizzle-orm';\nimport type { TenantDb } from '../../db/tenant-db';\n` +
      "export const probe = (db: TenantDb) => db.execute((store) => sql`SELECT c.id FROM cases c WHERE ${store.owns('c')}`);\n",
    rule: null,
  },
  {
    name: 'a module queries the raw database handle',
    file: `packages/server/src/modules/cases/${tag}.repository.ts`,
    source: statementOn('raw'),
    rule: TENANT,
  },
  {
    name: 'a service writes SQL instead of calling a repository',
    file: `packages/server/src/modules/cases/${tag}.service.ts`,
    source: statementOn('tenant'),
    rule: REPOSITORY,
  },
  {
    name: 'a repository calls a service',
    file: `packages/server/src/modules/mail/threading/${tag}-calls.repository.ts`,
    source: `import { cancelOvertakenSendLater } from '../outbox/send-later.service';\nexport const probe = cancelOvertakenSendLater;\n`,
    rule: LAYERS,
  },
  // Controls: lint must not refuse everything.
  {
    name: 'a module uses another module’s top-level file, and its own sub-folders',
    file: `packages/server/src/modules/mail/writing/${tag}.ts`,
    source: `import { createState } from '../mailboxes/oauth-state';\nimport { recordAudit } from '../../audit/audit.repository';\nexport const probe = [createState, recordAudit];\n`,
    rule: null,
  },
  {
    name: 'a repository queries through a TenantDb',
    file: `packages/server/src/modules/cases/${tag}-ok.repository.ts`,
    source: statementOn('tenant'),
    rule: null,
  },
  {
    name: 'a *.system.ts file looks across stores on the raw handle',
    file: `packages/server/src/modules/cases/${tag}.system.ts`,
    source: statementOn('raw'),
    rule: null,
  },
  {
    name: 'the demo seed (src/seed/) imports a module',
    file: `packages/server/src/seed/${tag}.ts`,
    source: `import { hashPassword } from '../modules/auth/passwords';\nexport const probe = hashPassword;\n`,
    rule: null,
  },
  {
    name: 'a web feature imports contracts and web/lib',
    file: `packages/web/src/features/users/${tag}.ts`,
    source: `import { ZErrorResponse } from '@claimdesk/contracts';\nimport { loadConfigDocument } from '../../lib/config';\nexport const probe = [ZErrorResponse, loadConfigDocument];\n`,
    rule: null,
  },
];

let results;

before(async () => {
  for (const probe of probes) {
    mkdirSync(path.dirname(path.join(root, probe.file)), { recursive: true });
    writeFileSync(path.join(root, probe.file), probe.source);
  }
  try {
    const eslint = new ESLint({ cwd: root });
    const linted = await eslint.lintFiles(probes.map((p) => p.file));
    results = new Map(linted.map((r) => [path.relative(root, r.filePath), r.messages]));
  } finally {
    removeProbes();
  }
});

after(removeProbes);

function removeProbes() {
  for (const probe of probes) {
    rmSync(path.join(root, probe.file), { force: true });
    // A probe in a folder of its own takes the folder with it.
    const folder = path.dirname(probe.file);
    if (path.basename(folder) === tag) rmSync(path.join(root, folder), { recursive: true, force: true });
  }
}

for (const probe of probes) {
  test(probe.name, () => {
    const messages = results.get(probe.file);
    assert.ok(messages, `${probe.file} was not linted`);
    const fenceRules = messages.map((m) => m.ruleId).filter((id) => FENCES.includes(id));
    if (probe.rule === null) {
      assert.deepEqual(fenceRules, [], JSON.stringify(messages, null, 2));
    } else {
      assert.ok(
        messages.some((m) => m.ruleId === probe.rule && m.severity === 2),
        `expected ${probe.rule} to refuse ${probe.file}; got ${JSON.stringify(messages, null, 2)}`,
      );
    }
  });
}
