import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ALL_FEATURES_ON, DEFAULT_MENU_CONFIG } from '@claimdesk/contracts';
import { changeLanguage, i18n } from '../../../lib/i18n';
import { getSession, startSession } from '../../../lib/session';
import { json, mockFetch } from '../../../lib/testing/fetch-mock';
import { makeToken } from '../../../lib/testing/tokens';
import { Providers } from '../../providers';
import { useShellData } from '../use-shell-data';

const wrapper = ({ children }: { children: ReactNode }) => <Providers>{children}</Providers>;

beforeEach(async () => {
  localStorage.clear();
  startSession(makeToken(), 'demo-store');
  await changeLanguage('en');
});
afterEach(async () => {
  localStorage.clear();
  await changeLanguage('en');
});

describe('[SHELL] shell data', () => {
  it('shows the shell only once the preferences are in and their language applied, then keeps it', async () => {
    let answerPreference: ((language: string) => void) | null = null;
    const calls = mockFetch({
      'GET /v2/api/settings/initial-properties/json-config/menu': () => json(200, DEFAULT_MENU_CONFIG),
      'GET /v2/api/settings/initial-properties/json-config/feature': () => json(200, ALL_FEATURES_ON),
      'GET /v2/api/users/user-preference': () =>
        new Promise((resolve) => {
          answerPreference = (language) => resolve(json(200, { language }));
        }),
    });
    const identity = getSession().identity;
    if (!identity) throw new Error('no identity');
    const { result } = renderHook(() => useShellData(identity), { wrapper });

    // Menu and features are in; the preferences are not: no shell yet, nothing to pick a language in.
    await waitFor(() => expect(answerPreference).not.toBeNull());
    const asked = (path: string) => calls.some((c) => c.url.endsWith(path));
    await waitFor(() => expect(asked('json-config/menu') && asked('json-config/feature')).toBe(true));
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(result.current.context).toBeNull();

    act(() => answerPreference?.('de'));
    await waitFor(() => expect(result.current.context).not.toBeNull());
    // Already in the preferred language when the shell first shows: no flip after the first paint.
    expect(i18n.language).toBe('de');

    // A language picked later waits for its confirmation with the shell on screen.
    await act(() => changeLanguage('da'));
    expect(result.current.context).not.toBeNull();
  });
});
