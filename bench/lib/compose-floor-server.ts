// The floor of the compose benchmark: a bare node:http server (no framework, no token, no
// hooks) that parses the compose calls with their contract schemas and runs the API's own
// services (caseCompose, sendCaseMail) with the app's own dependencies, as the store's
// administrator. What it costs over the ceiling is what HTTP costs here; what the API costs over
// it is the API's own (sign-in check, XSRF, validation, routing, response schema).
import http from 'node:http';
import {
  ZComposeCaseParams,
  ZGetMailComposeQuery,
  ZSendMailQuery,
  ZSendMailRequest,
} from '@claimdesk/contracts';
import { caseCompose } from '../../packages/server/src/modules/mail/writing/compose-prefill.service';
import { sendCaseMail } from '../../packages/server/src/modules/mail/writing/send-mail.service';
import { composeDeps, staffAuth } from './compose-deps';

const tenant = process.env.BENCH_TENANT ?? '';
const user = process.env.BENCH_USER ?? '';
const { deps, close } = await composeDeps({});
const auth = staffAuth(deps, tenant, user);
const COMPOSE_PATH = /^\/v2\/api\/claims\/mails\/([^/]+)\/mail-compose\/(\d+)$/;

function readBody(request: http.IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => resolve(Buffer.concat(chunks).toString()));
    request.on('error', reject);
  });
}

async function answer(request: http.IncomingMessage): Promise<{ status: number; json: string }> {
  const target = new URL(request.url ?? '/', 'http://floor');
  const match = COMPOSE_PATH.exec(target.pathname);
  if (!match) return { status: 404, json: '{}' };
  const params = ZComposeCaseParams.parse({ workFlow: match[1], id: match[2] });
  const query = Object.fromEntries(target.searchParams);
  if (request.method === 'POST') {
    const body = ZSendMailRequest.parse(JSON.parse(await readBody(request)));
    const mail = await sendCaseMail(deps, auth, params, ZSendMailQuery.parse(query), body);
    return { status: 201, json: JSON.stringify(mail) };
  }
  const compose = await caseCompose(deps, auth, params, ZGetMailComposeQuery.parse(query));
  return { status: 200, json: JSON.stringify(compose) };
}

const server = http.createServer((request, response) => {
  answer(request).then(
    ({ status, json }) => {
      response.writeHead(status, { 'content-type': 'application/json; charset=utf-8' });
      response.end(json);
    },
    (error: unknown) => {
      response.writeHead(500).end(String(error));
    },
  );
});
server.listen(0, '127.0.0.1', () => {
  const address = server.address();
  console.log(
    `compose floor running at http://127.0.0.1:${String(typeof address === 'object' && address ? address.port : 0)}`,
  );
});
process.once('SIGTERM', () => {
  server.close();
  void close();
});
