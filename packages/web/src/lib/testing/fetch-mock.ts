import { vi } from 'vitest';

export interface TRecordedCall {
  url: string;
  method: string;
  headers: Headers;
  body: unknown;
}

type THandler = (call: TRecordedCall) => Response | Promise<Response>;

export const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json', ...headers } });
export const text = (status: number, body: string) =>
  new Response(body, { status, headers: { 'Content-Type': 'text/plain' } });

/** Replaces fetch; each call is recorded and answered by the first route whose key matches "METHOD path". */
export const mockFetch = (routes: Record<string, THandler>) => {
  const calls: TRecordedCall[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const method = init.method ?? 'GET';
    const call = { url, method, headers: new Headers(init.headers), body: init.body };
    calls.push(call);
    const path = new URL(url, 'http://localhost').pathname;
    const handler = routes[`${method} ${path}`] ?? routes[path];
    if (!handler) return json(404, { code: 'NOT_FOUND', message: 'Not found' });
    return handler(call);
  });
  vi.stubGlobal('fetch', fetchMock);
  return calls;
};
