import type { FastifyInstance } from 'fastify';

export type ShutdownOutcome = 'closed' | 'timed out';

/**
 * While the app closes, each answer says `Connection: close`: Node closes only the connections
 * that are idle when closing starts, so a keep-alive connection whose request was in flight would
 * otherwise hold the close up until its keep-alive timeout.
 */
export function registerGracefulShutdown(app: FastifyInstance): void {
  let isClosing = false;
  app.addHook('preClose', (done) => {
    isClosing = true;
    done();
  });
  app.addHook('onSend', (_request, reply, payload, done) => {
    if (isClosing) void reply.header('connection', 'close');
    done(null, payload);
  });
}

/**
 * Closes the app as an operator's stop should: no new connections, requests in flight answered,
 * live sockets told to reconnect elsewhere, then the mail workers stopped (the sends in hand are
 * finished and recorded). Past `timeoutMs` whatever still runs is cut off, so that a stuck client
 * or mail server cannot keep a stopped process alive.
 */
export async function closeGracefully(app: FastifyInstance, timeoutMs: number): Promise<ShutdownOutcome> {
  let timer: NodeJS.Timeout | undefined;
  const timedOut = new Promise<ShutdownOutcome>((resolve) => {
    timer = setTimeout(() => {
      resolve('timed out');
    }, timeoutMs);
  });
  const closed = app.close().then(() => 'closed' as const);
  const outcome = await Promise.race([closed, timedOut]);
  clearTimeout(timer);
  if (outcome === 'timed out') {
    app.log.error({ timeoutMs }, 'shutdown took too long: the connections still open are cut');
    app.server.closeAllConnections();
  }
  return outcome;
}
