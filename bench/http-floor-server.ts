// The floor of the cases benchmark: the least an HTTP API can do for its three calls. A bare
// node:http server that takes the store from X-TENANT-ID (no token, no framework, no hooks),
// runs the API's own statements on a pool of the same size and writes the API's own JSON. What it
// costs over the SQL ceiling is what HTTP costs on this machine, whatever the API does; what the
// API costs over it is the API's own (sign-in check, validation, routing, headers). The mail
// benchmark (mail-inbox.ts) uses it too, for the inbox, the unmapped list and its suggestions.
import http from 'node:http';
import {
  ZListCasesQuery,
  ZListMailsQuery,
  ZListUnmappedMailsQuery,
  ZMailSuggestionsQuery,
} from '@claimdesk/contracts';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import type { Db } from '../packages/server/src/db/client';
import { forTenant } from '../packages/server/src/db/tenant-db';
import { listCasesJson } from '../packages/server/src/modules/cases/case-list.repository';
import { readCaseJson } from '../packages/server/src/modules/cases/cases.repository';
import { listUnmappedMails } from '../packages/server/src/modules/mail/reading/triage/unmapped-list.repository';
import { listInboxMails } from '../packages/server/src/modules/mail/reading/triage/inbox.repository';
import { suggestionsFor } from '../packages/server/src/modules/mail/reading/triage/suggestions.repository';

const url = process.env.DATABASE_URL;
if (!url) throw new Error('DATABASE_URL is required');
const pool = new pg.Pool({ connectionString: url, max: Number(process.env.DATABASE_POOL_SIZE ?? 4) });
const db = drizzle(pool) as unknown as Db;
const languages = new Map(
  (
    await pool.query<{ tenant_id: string; language: string }>('SELECT tenant_id, language FROM stores')
  ).rows.map((r) => [r.tenant_id, r.language]),
);
const staff = { kind: 'staff' } as const;
const CASE_PATH = /^\/v2\/api\/claims\/(\d+)$/;

/** The mail calls: the same repository functions as the API's routes, written out as JSON. */
async function answerMail(tenant: string, target: URL): Promise<string | null> {
  const query = Object.fromEntries(target.searchParams);
  const store = forTenant(db, tenant);
  switch (target.pathname) {
    case '/v2/api/messages/mail':
      // The floor has no sign-in; the store's administrator stands in for the caller (isMine).
      return JSON.stringify(
        await listInboxMails(store, ZListMailsQuery.parse(query), `admin@${tenant}.test`),
      );
    case '/v2/api/unmapped-mails':
      return JSON.stringify(await listUnmappedMails(store, ZListUnmappedMailsQuery.parse(query)));
    case '/v2/api/unmapped-mails/suggestions':
      return JSON.stringify(await suggestionsFor(store, ZMailSuggestionsQuery.parse(query).ids));
    default:
      return null;
  }
}

async function answer(request: http.IncomingMessage): Promise<string | null> {
  const tenant = String(request.headers['x-tenant-id']);
  const target = new URL(request.url ?? '/', 'http://floor');
  if (!target.pathname.startsWith('/v2/api/claims')) return answerMail(tenant, target);
  if (target.pathname === '/v2/api/claims') {
    const query = ZListCasesQuery.parse(Object.fromEntries(target.searchParams));
    return listCasesJson(forTenant(db, tenant), query, staff);
  }
  const id = CASE_PATH.exec(target.pathname)?.[1];
  return id ? readCaseJson(forTenant(db, tenant), Number(id), staff, languages.get(tenant) ?? 'en') : null;
}

const server = http.createServer((request, response) => {
  answer(request).then(
    (json) => {
      response.writeHead(json === null ? 404 : 200, { 'content-type': 'application/json; charset=utf-8' });
      response.end(json ?? '{}');
    },
    (error: unknown) => {
      response.writeHead(500).end(String(error));
    },
  );
});
server.listen(0, '127.0.0.1', () => {
  const address = server.address();
  console.log(
    `floor running at http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`,
  );
});
process.once('SIGTERM', () => {
  server.close();
  void pool.end();
});
