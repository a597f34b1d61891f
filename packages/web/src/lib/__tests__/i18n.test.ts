import { describe, expect, it, vi } from 'vitest';
import { translationRequest } from '../i18n';

const load = (fetchImpl: () => Promise<Response>) =>
  new Promise<unknown>((resolve) => {
    vi.stubGlobal('fetch', vi.fn(fetchImpl));
    translationRequest?.({}, '/assets/i18n/de/common.json', {}, (_err, res) => {
      resolve(res);
    });
  });

describe('[I18N] translation files', () => {
  it('passes a good file through', async () => {
    expect(await load(async () => new Response('{"a":"b"}'))).toEqual({ status: 200, data: '{"a":"b"}' });
  });

  it('a missing file yields an empty set', async () => {
    expect(await load(async () => new Response('nope', { status: 404 }))).toEqual({
      status: 200,
      data: '{}',
    });
  });

  it('a broken file or a network failure yields an empty set', async () => {
    expect(await load(async () => new Response('<html>'))).toEqual({ status: 200, data: '{}' });
    expect(await load(() => Promise.reject(new Error('offline')))).toEqual({ status: 200, data: '{}' });
  });
});
