import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ALL_FEATURES_ON, DEFAULT_FEATURES, DEFAULT_MENU_CONFIG } from '@claimdesk/contracts';
import { AppShell } from '@mantine/core';
import { visibleMenu } from '../../../lib/menu-rules';
import { startSession } from '../../../lib/session';
import { ShellContext, type TShellContext } from '../../../lib/shell-context';
import { renderRoutes } from '../../../lib/testing/render';
import { makeToken } from '../../../lib/testing/tokens';
import type { TMailCounts } from '../../../features/reports/api/get-mail-count';
import { SideMenu } from '../side-menu';

const context = (
  features = ALL_FEATURES_ON,
  grantType: TShellContext['grantType'] = 'password',
): TShellContext => ({
  grantType,
  features,
  menu: visibleMenu(DEFAULT_MENU_CONFIG, features, []),
  settings: null,
  preference: {},
  currentUser: {
    id: 1,
    username: 'ada@demo-store.test',
    firstName: 'Ada',
    lastName: 'Admin',
    roles: ['ADMIN_USER'],
    profilePicUrl: null,
  },
});

const COUNTS: TMailCounts = {
  open: {
    claim: { unreadMailCount: 3, sendPendingMailCount: 1 },
    support: { unreadMailCount: 0, sendPendingMailCount: 0 },
  },
  archive: {},
  inbox: 7,
  failed: 2,
};

const renderMenu = (
  roles: string[],
  options: {
    features?: typeof ALL_FEATURES_ON;
    warning?: boolean;
    collapsed?: boolean;
    grantType?: TShellContext['grantType'];
  } = {},
) => {
  startSession(makeToken({ authorities: roles }), 'demo-store');
  return renderRoutes(
    [
      {
        path: '*',
        element: (
          <ShellContext.Provider value={context(options.features, options.grantType)}>
            <AppShell navbar={{ width: 260, breakpoint: 0 }}>
              <AppShell.Navbar>
                <SideMenu
                  collapsed={options.collapsed ?? false}
                  onToggle={() => undefined}
                  counts={COUNTS}
                  mailSetupIncomplete={options.warning ?? false}
                />
              </AppShell.Navbar>
            </AppShell>
          </ShellContext.Provider>
        ),
      },
    ],
    '/cases/open/claim',
  );
};

describe('[SHELL] side menu', () => {
  it('shows unread and unsent badges per case type and the inbox count', () => {
    renderMenu(['ADMIN_USER']);
    expect(screen.getByTestId('badge-unread-open-claim')).toHaveTextContent('3');
    expect(screen.getByTestId('badge-unread-open-claim')).toHaveAccessibleName('3 unread mails');
    expect(screen.getByTestId('badge-unsent-open-claim')).toHaveAccessibleName('1 unsent mail');
    expect(screen.queryByTestId('badge-unread-open-support')).not.toBeInTheDocument();
    expect(screen.getByTestId('badge-inbox')).toHaveTextContent('7');
    expect(screen.getByTestId('badge-failed')).toHaveAccessibleName('2 mails could not be sent');
  });

  it('shows the settings warning while the mail setup is incomplete', () => {
    renderMenu(['ADMIN_USER'], { warning: true });
    expect(screen.getByRole('img', { name: 'Mail setup is incomplete' })).toBeInTheDocument();
  });

  it('shows the profile with initials, full name and username, linking to users', () => {
    renderMenu(['ADMIN_USER']);
    const profile = screen.getByTestId('menu-profile');
    expect(profile).toHaveTextContent('AA');
    expect(profile).toHaveTextContent('Ada Admin');
    expect(profile).toHaveAttribute('href', '/users');
  });

  it('hides the support workflow and its preview link without supportClaim', () => {
    renderMenu(['ADMIN_USER'], { features: DEFAULT_FEATURES });
    expect(screen.queryByTestId('menu-group-support')).not.toBeInTheDocument();
    expect(screen.queryByTestId('menu-support-preview')).not.toBeInTheDocument();
  });

  it('gives a supplier’s contact person no support-form preview: it is the store’s', () => {
    renderMenu([], { grantType: 'otp' });
    expect(screen.queryByTestId('menu-support-preview')).not.toBeInTheDocument();
  });

  it('gives an agent their dashboard (their desk) but no suppliers or settings', () => {
    renderMenu(['STANDARD_USER'], { warning: true });
    expect(screen.getByTestId('menu-dashboard')).toBeInTheDocument();
    for (const id of ['menu-suppliers', 'menu-reports', 'menu-settings', 'menu-users']) {
      expect(screen.queryByTestId(id)).not.toBeInTheDocument();
    }
    expect(screen.getByTestId('menu-inbox')).toBeInTheDocument();
  });

  it('collapsed, every entry keeps an accessible name', () => {
    renderMenu(['ADMIN_USER'], { collapsed: true });
    expect(screen.getByTestId('menu-inbox')).toHaveAccessibleName('Inbox');
    expect(screen.getByTestId('menu-item-claim-archive')).toHaveAccessibleName('Claims: Archive');
    expect(screen.getByRole('button', { name: 'Expand menu' })).toBeInTheDocument();
  });
});
