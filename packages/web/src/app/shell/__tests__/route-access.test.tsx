import { AppShell } from '@mantine/core';
import { cleanup, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ALL_FEATURES_ON, DEFAULT_MENU_CONFIG, ROLES } from '@claimdesk/contracts';
import { GUARDED_PATHS, visibleMenu } from '../../../lib/menu-rules';
import { startSession } from '../../../lib/session';
import { ShellContext, type TShellContext } from '../../../lib/shell-context';
import { renderRoutes } from '../../../lib/testing/render';
import { makeToken } from '../../../lib/testing/tokens';
import type { TMailCounts } from '../../../features/reports/api/get-mail-count';
import { SessionGuard } from '../session-guard';
import { SettingsRedirect } from '../settings-redirect';
import { SideMenu } from '../side-menu';

const COUNTS: TMailCounts = { open: {}, archive: {}, inbox: 0, failed: 0 };

/** Each role alone, and the one-time-code contact (no roles). */
const PEOPLE = [
  ...ROLES.map((role) => ({ name: role, authorities: [role], grantType: 'password' as const })),
  { name: 'one-time-code contact', authorities: [], grantType: 'otp' as const },
];

/** Where each guarded screen sits in the side menu; the rest have no entry of their own. */
const MENU_LINK: Record<string, string> = {
  '/dashboard': '/dashboard',
  '/suppliers': '/suppliers',
  '/reports': '/reports',
  '/settings/mail-config': '/settings/mail-config',
  '/settings/mail-templates': '/settings/mail-templates',
  '/settings/store-configs': '/settings/store-configs',
  '/settings/forms-and-lists': '/settings/forms-and-lists',
  '/settings/claim-item-type': '/settings/claim-item-type',
  '/settings/audit-log': '/settings/audit-log',
  '/settings/privacy': '/settings/privacy',
  '/settings/shops': '/settings/shops',
  '/messages': '/messages/mail',
};
/** The screens without an entry: who may open them, by person. */
const WITHOUT_ENTRY: Record<string, readonly string[]> = {
  '/unmapped-mails': ROLES,
  // Everyone's own profile (the profile entry links there; the users entry only for administrators).
  '/users': ROLES,
  '/settings/upgrade-account': ['SUPPER_ADMIN_USER', 'SUPER_ADMIN_USER', 'ADMIN_USER', 'EXT_USER'],
};

const context = (grantType: 'password' | 'otp'): TShellContext => ({
  grantType,
  features: ALL_FEATURES_ON,
  menu: visibleMenu(DEFAULT_MENU_CONFIG, ALL_FEATURES_ON, []),
  settings: null,
  preference: {},
  currentUser: null,
});

/** The side menu's link targets as this person sees them. */
function menuLinks(person: (typeof PEOPLE)[number]): Set<string> {
  startSession(makeToken({ authorities: person.authorities, grant_type: person.grantType }), 'demo-store');
  renderRoutes(
    [
      {
        path: '*',
        element: (
          <ShellContext.Provider value={context(person.grantType)}>
            <AppShell navbar={{ width: 260, breakpoint: 0 }}>
              <AppShell.Navbar>
                <SideMenu
                  collapsed={false}
                  onToggle={() => undefined}
                  counts={COUNTS}
                  mailSetupIncomplete={false}
                />
              </AppShell.Navbar>
            </AppShell>
          </ShellContext.Provider>
        ),
      },
    ],
    '/cases/open/claim',
  );
  const links = new Set(
    screen.queryAllByRole('link').map((a) => new URL(a.getAttribute('href') ?? '', 'http://x').pathname),
  );
  cleanup();
  return links;
}

/** Where typing the address ends: the screen, or /access-denied. */
function typed(person: (typeof PEOPLE)[number], path: string): string {
  startSession(makeToken({ authorities: person.authorities, grant_type: person.grantType }), 'demo-store');
  const { router } = renderRoutes(
    [
      { path: '/access-denied', element: <p>denied</p> },
      { path: '*', element: <SessionGuard>screen</SessionGuard> },
    ],
    path,
  );
  const where = router.state.location.pathname;
  cleanup();
  return where;
}

describe('[GUARDS] typed addresses follow the side menu', () => {
  it('covers every guarded address in this test', () => {
    expect(GUARDED_PATHS.map(([path]) => path).sort()).toEqual(
      [...Object.keys(MENU_LINK), ...Object.keys(WITHOUT_ENTRY)].sort(),
    );
  });

  for (const person of PEOPLE) {
    it(`opens for ${person.name} exactly the screens its menu shows`, () => {
      const links = menuLinks(person);
      for (const [path] of GUARDED_PATHS) {
        const menuPath = MENU_LINK[path];
        const isAllowed =
          menuPath === undefined
            ? (WITHOUT_ENTRY[path] ?? []).some((r) => person.authorities.includes(r as never))
            : links.has(menuPath);
        const deeper = `${path}/deeper`;
        expect(typed(person, path), `${person.name} ${path}`).toBe(isAllowed ? path : '/access-denied');
        expect(typed(person, deeper), `${person.name} ${deeper}`).toBe(isAllowed ? deeper : '/access-denied');
      }
      expect(typed(person, '/cases/open/claim')).toBe('/cases/open/claim');
    });
  }

  it('opens /settings on the first settings entry the person may open, else denies it', () => {
    const open = (authorities: string[]) => {
      startSession(makeToken({ authorities }), 'demo-store');
      const { router } = renderRoutes(
        [
          { path: '/settings', element: <SettingsRedirect /> },
          { path: '*', element: <p>elsewhere</p> },
        ],
        '/settings',
      );
      const where = router.state.location.pathname;
      cleanup();
      return where;
    };
    expect(open(['ADMIN_USER'])).toBe('/settings/mail-config');
    expect(open(['SUPER_ADMIN_USER'])).toBe('/settings/store-configs');
    expect(open(['STANDARD_USER'])).toBe('/access-denied');
  });
});
