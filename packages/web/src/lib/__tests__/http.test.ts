import { describe, expect, it, vi } from 'vitest';
import { http } from '../http';
import { isHttpError } from '../http-error';
import { activeLoadingCount } from '../loading-bar';
import { setNavigator } from '../navigation';
import { getSession, startSession } from '../session';
import { json, mockFetch } from '../testing/fetch-mock';
import { makeToken } from '../testing/tokens';

const signIn = (authorities = ['ADMIN_USER']) => startSession(makeToken({ authorities }), 'demo-store');

describe('[HTTP] headers', () => {
  it('sends the bearer token and X-TENANT-ID on every call to our server', async () => {
    const token = makeToken();
    startSession(token, 'demo-store');
    const calls = mockFetch({ 'GET /v2/api/stores/setting': () => json(200, {}) });
    await http('/v2/api/stores/setting');
    expect(calls[0]?.headers.get('Authorization')).toBe(`Bearer ${token}`);
    expect(calls[0]?.headers.get('X-TENANT-ID')).toBe('demo-store');
    expect(calls[0]?.headers.has('X-COMPANY')).toBe(false);
  });

  it('adds X-COMPANY from the token on /v2/shared calls', async () => {
    signIn();
    const calls = mockFetch({ '/v2/shared/initial-properties/json-config/menu': () => json(200, []) });
    await http('/v2/shared/initial-properties/json-config/menu');
    expect(calls[0]?.headers.get('X-COMPANY')).toBe('Demo Company');
  });

  it('sends X-XSRF-TOKEN from the cookie on non-GET relative calls only', async () => {
    signIn();
    document.cookie = 'XSRF-TOKEN=abc123; path=/';
    const calls = mockFetch({ '/v2/api/users/user-preference': () => json(200, {}) });
    await http('/v2/api/users/user-preference');
    await http('/v2/api/users/user-preference', { method: 'HEAD', responseType: 'none' });
    await http('/v2/api/users/user-preference', { method: 'PUT', body: { a: 1 } });
    expect(calls.map((c) => c.headers.get('X-XSRF-TOKEN'))).toEqual([null, null, 'abc123']);
    expect(calls[2]?.headers.get('Content-Type')).toBe('application/json');
  });

  it('sends none of these headers to a cloud-storage host', async () => {
    signIn();
    document.cookie = 'XSRF-TOKEN=abc123; path=/';
    const calls = mockFetch({ 'PUT /bucket/file.png': () => new Response(null, { status: 200 }) });
    await http('https://storage.example.com/bucket/file.png', {
      method: 'PUT',
      body: new Blob(['x']),
      responseType: 'none',
    });
    for (const name of ['Authorization', 'X-TENANT-ID', 'X-XSRF-TOKEN', 'X-COMPANY'])
      expect(calls[0]?.headers.has(name)).toBe(false);
  });
});

describe('[HTTP] errors', () => {
  it('turns an API error into one HttpError with code and field errors', async () => {
    signIn();
    mockFetch({
      'POST /v2/api/users': () =>
        json(400, { code: 'VALIDATION_FAILED', message: 'Invalid', fieldErrors: { username: 'Taken' } }),
    });
    const error: unknown = await http('/v2/api/users', { method: 'POST', body: {} }).catch((e: unknown) => e);
    expect(isHttpError(error) && error.code).toBe('VALIDATION_FAILED');
    expect(isHttpError(error) && error.fieldErrors).toEqual({ username: 'Taken' });
  });

  it('logs out and goes to /login on 401', async () => {
    signIn(['STANDARD_USER']);
    const navigate = vi.fn();
    setNavigator(navigate);
    mockFetch({ '/v2/api/users': () => json(401, { code: 'UNAUTHENTICATED', message: 'No' }) });
    await expect(http('/v2/api/users')).rejects.toThrow();
    expect(getSession().token).toBeNull();
    expect(localStorage.getItem('cd.token')).toBeNull();
    expect(navigate).toHaveBeenCalledWith('/login', { replace: true });
  });

  it('sends an EXT_USER to /settings/upgrade-account on 401, still signed in', async () => {
    signIn(['EXT_USER']);
    const navigate = vi.fn();
    setNavigator(navigate);
    mockFetch({ '/v2/api/users': () => json(401, { code: 'UNAUTHENTICATED', message: 'No' }) });
    await expect(http('/v2/api/users')).rejects.toThrow();
    expect(navigate).toHaveBeenCalledWith('/settings/upgrade-account', undefined);
    expect(getSession().token).not.toBeNull();
  });
});

describe('[HTTP] loading bar', () => {
  it('runs while a call is under way, unless the call opts out', async () => {
    let release: (r: Response) => void = () => undefined;
    mockFetch({ '/v2/api/slow': () => new Promise<Response>((r) => (release = r)) });
    const pending = http('/v2/api/slow');
    expect(activeLoadingCount()).toBe(1);
    release(json(200, {}));
    await pending;
    expect(activeLoadingCount()).toBe(0);
    const quiet = http('/v2/api/slow', { ignoreLoadingBar: true });
    expect(activeLoadingCount()).toBe(0);
    release(json(200, {}));
    await quiet;
  });
});
