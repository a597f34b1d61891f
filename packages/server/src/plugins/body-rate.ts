import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config';

const TOO_SLOW_BODY = JSON.stringify({
  code: 'REQUEST_TIMEOUT',
  message: 'The request body came in too slowly; the connection was closed',
});
/** What a client too slow with its body is told before its connection is closed, as Node's own request timeout does. */
const TOO_SLOW = [
  'HTTP/1.1 408 Request Timeout',
  'Connection: close',
  'Content-Type: application/json; charset=utf-8',
  `Content-Length: ${String(Buffer.byteLength(TOO_SLOW_BODY))}`,
  '',
  TOO_SLOW_BODY,
].join('\r\n');

const hasBody = (request: IncomingMessage) =>
  Number(request.headers['content-length'] ?? 0) > 0 || request.headers['transfer-encoding'] !== undefined;

/**
 * A minimum rate for request bodies, as Apache's mod_reqtimeout (`body=20,MinRate=500`) and
 * nginx's client_body_timeout keep one: the request timeout (minutes, so that a large upload on a
 * slow line finishes) would otherwise let a client trickling a byte every few seconds hold a
 * connection, a parser and perhaps an upload slot for all that time. Every `window` seconds of a
 * body still arriving, the bytes that came in over the window must average at least `min` a
 * second, or the connection is answered 408 and closed. The first window is the grace period. A
 * window in which the server itself was not taking the body (its buffer full: the handler waits
 * for the disk or the database) does not count against the client. Watched on the raw server,
 * so it holds for every route, an unknown one and an answer sent before the body ended included.
 */
export function registerBodyRate(app: FastifyInstance, config: Config): void {
  const min = config.HTTP_BODY_MIN_BYTES_PER_SECOND;
  const windowMs = config.HTTP_BODY_RATE_WINDOW_SECONDS * 1000;
  if (min === 0) return;
  // A few looks per window, at most one a second: the cut comes within a tick of the window's end.
  const tickMs = Math.min(1000, Math.max(50, Math.floor(windowMs / 4)));
  app.server.on('request', (request: IncomingMessage, response: ServerResponse) => {
    if (!hasBody(request) || request.complete) return;
    const { socket } = request;
    let windowStart = Date.now();
    let bytesAtStart = socket.bytesRead;
    /** Whether the server fell behind within this window (the body waited in its buffer). */
    let isServerBehind = false;
    const stop = () => {
      clearInterval(timer);
    };
    const timer = setInterval(() => {
      if (request.complete || socket.destroyed) {
        stop();
        return;
      }
      // The server is not reading: the client cannot send faster than it is taken.
      if (request.readableLength >= request.readableHighWaterMark) isServerBehind = true;
      const now = Date.now();
      const elapsedMs = now - windowStart;
      if (elapsedMs < windowMs) return;
      const received = socket.bytesRead - bytesAtStart;
      const isFastEnough = received * 1000 >= min * elapsedMs;
      if (isFastEnough || isServerBehind) {
        windowStart = now;
        bytesAtStart = socket.bytesRead;
        isServerBehind = false;
        return;
      }
      stop();
      app.log.warn(
        { method: request.method, url: request.url, received, seconds: elapsedMs / 1000, min },
        'request body too slow: connection closed',
      );
      if (response.headersSent) socket.destroy();
      else socket.end(TOO_SLOW, () => socket.destroy());
    }, tickMs);
    timer.unref();
    // Per request, not on the socket: a keep-alive connection carries many requests.
    request.once('close', stop);
  });
}
