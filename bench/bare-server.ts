// The ceiling for the API overhead benchmark: a bare Fastify JSON route, nothing else.
import Fastify from 'fastify';

const app = Fastify({ logger: false });
app.get('/bare', async () => ({
  storeName: 'demo-store',
  displayName: 'Demo Store',
  companyName: 'Demo Company',
  language: 'nr',
  supplierSource: 'internal',
}));
await app.listen({ host: '127.0.0.1', port: 0 });
const address = app.server.address();
console.log(
  `bare listening at http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`,
);
