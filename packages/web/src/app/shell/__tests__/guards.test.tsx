import { act, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ALL_FEATURES_ON, DEFAULT_FEATURES } from '@claimdesk/contracts';
import { RoleGate } from '../../../components/ui/role-gate';
import { getSession, startSession } from '../../../lib/session';
import { ShellContext, type TShellContext } from '../../../lib/shell-context';
import { renderRoutes, renderWithProviders } from '../../../lib/testing/render';
import { makeToken } from '../../../lib/testing/tokens';
import { FeatureGate } from '../feature-gate';
import { SessionGuard } from '../session-guard';

const guarded = [
  { path: '/login', element: <p>login page</p> },
  { path: '/', element: <p>home</p> },
  {
    path: '/secret',
    element: (
      <SessionGuard>
        <p>secret content</p>
      </SessionGuard>
    ),
  },
];

describe('[GUARDS] session guard', () => {
  it('sends a visitor without a session to /login', () => {
    const { router } = renderRoutes(guarded, '/secret');
    expect(router.state.location.pathname).toBe('/login');
    expect(screen.getByText('login page')).toBeInTheDocument();
  });

  it('lets a valid session in', () => {
    startSession(makeToken(), 'demo-store');
    renderRoutes(guarded, '/secret');
    expect(screen.getByText('secret content')).toBeInTheDocument();
  });

  it('logs out an expired session and clears what section 4 lists', () => {
    startSession(makeToken({ exp: Math.floor(Date.now() / 1000) - 10 }), 'demo-store');
    localStorage.setItem('cd.featureConfig', '{}');
    localStorage.setItem('cd.pushToken', 'push');
    localStorage.setItem('cd.language', 'de');
    const { router } = renderRoutes(guarded, '/secret');
    expect(router.state.location.pathname).toBe('/login');
    expect(getSession().token).toBeNull();
    for (const key of ['token', 'storeName', 'grantType', 'identity', 'featureConfig', 'pushToken']) {
      expect(localStorage.getItem(`cd.${key}`)).toBeNull();
    }
    expect(localStorage.getItem('cd.language')).toBe('de');
  });

  it('logs out when the expiry passes while the page is open', async () => {
    const { vi } = await import('vitest');
    vi.useFakeTimers({ now: Date.now() });
    try {
      startSession(makeToken({ exp: Math.floor(Date.now() / 1000) + 5 }), 'demo-store');
      const { router } = renderRoutes(guarded, '/secret');
      expect(screen.getByText('secret content')).toBeInTheDocument();
      await act(async () => {
        await vi.advanceTimersByTimeAsync(6000);
      });
      expect(router.state.location.pathname).toBe('/login');
    } finally {
      vi.useRealTimers();
    }
  });
});

const shell = (features: TShellContext['features']): TShellContext => ({
  grantType: 'password',
  features,
  menu: [],
  settings: null,
  preference: {},
  currentUser: null,
});

describe('[GUARDS] feature gate', () => {
  const routes = (features: TShellContext['features']) => [
    { path: '/', element: <p>home</p> },
    {
      path: '/support',
      element: (
        <ShellContext.Provider value={shell(features)}>
          <FeatureGate feature="supportClaim">
            <p>support list</p>
          </FeatureGate>
        </ShellContext.Provider>
      ),
    },
  ];

  it('sends the user to / when the feature is off', () => {
    const { router } = renderRoutes(routes(DEFAULT_FEATURES), '/support');
    expect(router.state.location.pathname).toBe('/');
  });

  it('opens the route when the feature is on', () => {
    renderRoutes(routes(ALL_FEATURES_ON), '/support');
    expect(screen.getByText('support list')).toBeInTheDocument();
  });
});

describe('[GUARDS] role gate', () => {
  it('shows content only to listed roles and follows changes of the authorities', () => {
    startSession(makeToken({ authorities: ['STANDARD_USER'] }), 'demo-store');
    renderWithProviders(<RoleGate roles={['ADMIN_USER', 'SUPER_ADMIN_USER']}>admin tools</RoleGate>);
    expect(screen.queryByText('admin tools')).not.toBeInTheDocument();
    act(() => void startSession(makeToken({ authorities: ['SUPER_ADMIN_USER'] }), 'demo-store'));
    expect(screen.getByText('admin tools')).toBeInTheDocument();
    act(() => void startSession(makeToken({ authorities: ['MANAGER_USER'] }), 'demo-store'));
    expect(screen.queryByText('admin tools')).not.toBeInTheDocument();
  });
});
