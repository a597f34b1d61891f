import { XSRF_COOKIE, XSRF_HEADER } from '@claimdesk/contracts';
import { hasAnyRole } from './constants';
import type { z } from 'zod';
import { HttpError, readFieldIssues } from './http-error';
import { beginLoading } from './loading-bar';
import { navigateTo } from './navigation';
import { getSession, logout } from './session';

export interface THttpOptions {
  method?: 'GET' | 'HEAD' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Sent as JSON unless it is a string, FormData or URLSearchParams. */
  body?: unknown;
  headers?: Record<string, string>;
  /** How to read the answer; JSON by default. */
  responseType?: 'json' | 'text' | 'blob' | 'none';
  /** Skip the loading bar for this call (source, section 4). */
  ignoreLoadingBar?: boolean;
  /** Overrides the stored tenant (sign-in, password reset). */
  tenantId?: string | null;
  /** Company for /v2/shared/... calls when not given by the token. */
  company?: string;
  signal?: AbortSignal;
  /** Given the headers of a successful answer (for what its body cannot say). */
  onHeaders?: (headers: Headers) => void;
}

export const UPGRADE_ACCOUNT_PATH = '/settings/upgrade-account';

const readCookie = (name: string): string | null => {
  const match = document.cookie.split('; ').find((part) => part.startsWith(`${name}=`));
  return match ? decodeURIComponent(match.slice(name.length + 1)) : null;
};

/** Relative (same-origin) URLs are ours; an absolute URL to another origin is a cloud-storage host. */
export const isOwnUrl = (url: string): boolean => {
  if (url.startsWith('/') && !url.startsWith('//')) return true;
  try {
    return new URL(url, window.location.href).origin === window.location.origin;
  } catch {
    return false;
  }
};

const pathOf = (url: string): string => new URL(url, window.location.href).pathname;

/** The headers every call carries, by the rules of source section 7. */
export const buildHeaders = (url: string, options: THttpOptions): Headers => {
  const headers = new Headers(options.headers);
  if (!isOwnUrl(url)) return headers;
  const session = getSession();
  const method = options.method ?? 'GET';
  if (session.token && !headers.has('Authorization')) headers.set('Authorization', `Bearer ${session.token}`);
  const tenant = options.tenantId === undefined ? session.storeName : options.tenantId;
  if (tenant) headers.set('X-TENANT-ID', tenant);
  if (pathOf(url).startsWith('/v2/shared/')) {
    const company = options.company ?? session.identity?.company;
    if (company) headers.set('X-COMPANY', company);
  }
  if (method !== 'GET' && method !== 'HEAD') {
    const xsrf = readCookie(XSRF_COOKIE);
    if (xsrf) headers.set(XSRF_HEADER, xsrf);
  }
  return headers;
};

const encodeBody = (body: unknown, headers: Headers): BodyInit | undefined => {
  if (body === undefined) return undefined;
  if (body instanceof FormData || body instanceof URLSearchParams || body instanceof Blob) return body;
  if (typeof body === 'string') {
    if (!headers.has('Content-Type')) headers.set('Content-Type', 'text/plain');
    return body;
  }
  headers.set('Content-Type', 'application/json');
  return JSON.stringify(body);
};

const toHttpError = async (response: Response): Promise<HttpError> => {
  const text = await response.text().catch(() => '');
  const retryAfter = Number(response.headers.get('Retry-After')) || null;
  let data: Record<string, unknown> = {};
  try {
    data = JSON.parse(text) as Record<string, unknown>;
  } catch {
    // Not JSON: keep the status alone.
  }
  const str = (v: unknown): string | null => (typeof v === 'string' ? v : null);
  const code = str(data.code) ?? str(data.error) ?? `HTTP_${response.status}`;
  const fieldErrors =
    data.fieldErrors && typeof data.fieldErrors === 'object'
      ? (data.fieldErrors as Record<string, string>)
      : {};
  const message = str(data.message) ?? str(data.error_description) ?? response.statusText;
  return new HttpError(
    response.status,
    code,
    message,
    fieldErrors,
    str(data.error_description),
    retryAfter,
    readFieldIssues(data.fieldIssues),
  );
};

/** On 401: an EXT_USER goes to the upgrade page, anyone else is logged out to /login (source, section 6). */
export const onUnauthorized = (): void => {
  const { identity } = getSession();
  if (identity && hasAnyRole(identity.authorities, ['EXT_USER'])) {
    if (window.location.pathname !== UPGRADE_ACCOUNT_PATH) navigateTo(UPGRADE_ACCOUNT_PATH);
    return;
  }
  logout();
  navigateTo('/login', { replace: true });
};

/** The one place that talks to the network. */
export async function http<T = unknown>(
  url: string,
  options: THttpOptions = {},
  schema?: z.ZodType<T>,
): Promise<T> {
  const headers = buildHeaders(url, options);
  const body = encodeBody(options.body, headers);
  const hadToken = isOwnUrl(url) && headers.has('Authorization');
  const end = options.ignoreLoadingBar ? () => undefined : beginLoading();
  try {
    let response: Response;
    try {
      response = await fetch(url, {
        method: options.method ?? 'GET',
        headers,
        body,
        credentials: 'same-origin',
        signal: options.signal,
      });
    } catch (error) {
      if (error instanceof DOMException && error.name === 'AbortError') throw error;
      throw new HttpError(0, 'NETWORK', 'Network error');
    }
    if (!response.ok) {
      const error = await toHttpError(response);
      if (response.status === 401 && hadToken) onUnauthorized();
      throw error;
    }
    options.onHeaders?.(response.headers);
    const kind = options.responseType ?? 'json';
    if (kind === 'none' || response.status === 204) return undefined as T;
    if (kind === 'text') return (await response.text()) as T;
    if (kind === 'blob') return (await response.blob()) as T;
    const data: unknown = await response.json();
    return schema ? schema.parse(data) : (data as T);
  } finally {
    end();
  }
}

/**
 * POST of a file with upload progress (fetch cannot report it): the same headers, errors and
 * 401 handling as `http`, through XMLHttpRequest. `onProgress` gets 0..1.
 */
export function uploadWithProgress<T>(
  url: string,
  form: FormData,
  schema: z.ZodType<T>,
  options: { onProgress?: (share: number) => void; signal?: AbortSignal } = {},
): Promise<T> {
  const headers = buildHeaders(url, { method: 'POST' });
  const end = beginLoading();
  return new Promise<T>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', url);
    headers.forEach((value, name) => xhr.setRequestHeader(name, value));
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) options.onProgress?.(event.loaded / event.total);
    };
    xhr.onload = () => {
      const response = new Response(xhr.status === 204 ? null : xhr.responseText, {
        status: xhr.status,
        headers: { 'Retry-After': xhr.getResponseHeader('Retry-After') ?? '' },
      });
      if (response.ok) {
        response.json().then((data: unknown) => resolve(schema.parse(data)), reject);
        return;
      }
      void toHttpError(response).then((error) => {
        if (xhr.status === 401) onUnauthorized();
        reject(error);
      });
    };
    xhr.onerror = () => reject(new HttpError(0, 'NETWORK', 'Network error'));
    xhr.onabort = () => reject(new DOMException('Aborted', 'AbortError'));
    options.signal?.addEventListener('abort', () => xhr.abort());
    xhr.send(form);
  }).finally(end);
}
