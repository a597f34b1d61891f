import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_MENU_CONFIG, ALL_FEATURES_ON } from '@claimdesk/contracts';
import { startSession, type TGrantType } from '../../../lib/session';
import { ShellContext, type TShellContext } from '../../../lib/shell-context';
import { json, mockFetch } from '../../../lib/testing/fetch-mock';
import { makeToken } from '../../../lib/testing/tokens';
import { Providers } from '../../providers';
import { COLOR_SCHEME_PREFERENCE_KEY, MenuColorScheme, useSavedColorScheme } from '../menu-color-scheme';

const context = (grantType: TGrantType, preference: TShellContext['preference'] = {}): TShellContext => ({
  grantType,
  features: ALL_FEATURES_ON,
  menu: DEFAULT_MENU_CONFIG,
  settings: null,
  preference,
  currentUser: null,
});

function Subject({ value }: { value: TShellContext }) {
  useSavedColorScheme(value.preference);
  return (
    <ShellContext.Provider value={value}>
      <MenuColorScheme collapsed={false} />
    </ShellContext.Provider>
  );
}

// jsdom runs no transitions: the pop-over's radios stay hidden to it, so they are found with hidden: true
// (the browser test opens the real one).
const scheme = () => document.documentElement.getAttribute('data-mantine-color-scheme');

beforeEach(() => {
  localStorage.clear();
  startSession(makeToken(), 'demo-store');
});
afterEach(() => localStorage.clear());

describe('[SHELL] colour scheme', () => {
  it('saves the scheme chosen as the user preference and keeps it in this browser', async () => {
    const calls = mockFetch({
      'PUT /v2/api/users/user-preference': () => json(200, { [COLOR_SCHEME_PREFERENCE_KEY]: 'dark' }),
    });
    render(
      <Providers>
        <Subject value={context('password')} />
      </Providers>,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Colour scheme: System' }));
    await userEvent.click(await screen.findByRole('radio', { name: 'Dark', hidden: true }));
    await waitFor(() => expect(scheme()).toBe('dark'));
    const saves = calls.filter((c) => c.method === 'PUT');
    expect(saves).toHaveLength(1);
    expect(JSON.parse(String(saves[0]?.body))).toEqual({ [COLOR_SCHEME_PREFERENCE_KEY]: 'dark' });
    expect(localStorage.getItem('cd.color-scheme')).toBe('dark');
    expect(screen.getByRole('button', { name: 'Colour scheme: Dark' })).toBeInTheDocument();
  });

  it('applies the saved preference, and a one-time-code user keeps the choice in the browser only', async () => {
    const calls = mockFetch({});
    render(
      <Providers>
        <Subject value={context('otp', { [COLOR_SCHEME_PREFERENCE_KEY]: 'dark' })} />
      </Providers>,
    );
    await waitFor(() => expect(scheme()).toBe('dark'));
    await userEvent.click(screen.getByRole('button', { name: 'Colour scheme: Dark' }));
    await userEvent.click(await screen.findByRole('radio', { name: 'Light', hidden: true }));
    await waitFor(() => expect(scheme()).toBe('light'));
    expect(calls.filter((c) => c.method === 'PUT')).toEqual([]);
  });
});
