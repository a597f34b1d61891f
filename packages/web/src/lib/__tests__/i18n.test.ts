import { describe, expect, it, vi } from 'vitest';
import { browserLanguage, initialLanguage, translationRequest } from '../i18n';

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

describe('[I18N] the first language', () => {
  it('is the browser’s own when the product speaks it, Norwegian in any written form', () => {
    expect(browserLanguage(['en-GB', 'nb'])).toBe('en');
    expect(browserLanguage(['fr-FR', 'nn-NO'])).toBe('nr');
    expect(browserLanguage(['no'])).toBe('nr');
    expect(browserLanguage(['sv-SE', 'de-AT'])).toBe('de');
    expect(browserLanguage(['da'])).toBe('da');
    expect(browserLanguage(['fr-FR', 'sv'])).toBeNull();
  });

  it('is the stored one first, then the browser’s, then Norwegian', () => {
    const languages = vi.spyOn(navigator, 'languages', 'get');
    localStorage.setItem('cd.language', 'de');
    languages.mockReturnValue(['en-GB']);
    expect(initialLanguage()).toBe('de');
    localStorage.removeItem('cd.language');
    expect(initialLanguage()).toBe('en');
    languages.mockReturnValue(['fr-FR']);
    expect(initialLanguage()).toBe('nr');
    languages.mockRestore();
  });
});
