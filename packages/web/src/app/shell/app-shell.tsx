import { ModalsProvider } from '@mantine/modals';
import { AppShell, Button, Center, Stack, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useEffect, useState } from 'react';
import { Outlet } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useUpdateUserPreference } from '../../features/preferences/api/update-user-preference';
import { useSession, type TIdentity } from '../../lib/session';
import { ShellContext } from '../../lib/shell-context';
import { PageLoader } from '../root-layout';
import { DraftPopup } from './draft-popup';
import { LiveUpdates } from './live-updates';
import { PreferencePopup } from './preference-popup';
import { SessionGuard } from './session-guard';
import { SideMenu } from './side-menu';
import { useShellData } from './use-shell-data';

export const NAV_SHOW_KEY = 'nav-show';
const NAV_WIDTH = 272;
const NAV_COLLAPSED_WIDTH = 68;

function ShellFrame({ identity }: { identity: TIdentity }) {
  const { t } = useTranslation('common');
  const data = useShellData(identity);
  const savePreference = useUpdateUserPreference();
  const navShow = data.context?.preference[NAV_SHOW_KEY];
  const [collapsed, setCollapsed] = useState(false);
  // On a phone the menu starts as icons only, whatever the saved preference: the screen needs the width.
  const isPhone = useMediaQuery('(max-width: 47.99em)', false, { getInitialValueInEffect: false });
  useEffect(() => {
    if (isPhone) setCollapsed(true);
    else if (typeof navShow === 'boolean') setCollapsed(!navShow);
  }, [navShow, isPhone]);

  if (data.isError) {
    return (
      <Center h="100vh">
        <Stack align="center">
          <Text>{t('errors.shellFailed')}</Text>
          <Button onClick={() => window.location.reload()}>{t('actions.retry')}</Button>
        </Stack>
      </Center>
    );
  }
  if (!data.context) return <PageLoader />;

  const onToggle = () => {
    const next = !collapsed;
    setCollapsed(next);
    if (identity.grantType === 'password' && !isPhone) savePreference.mutate({ [NAV_SHOW_KEY]: !next });
  };

  return (
    <ShellContext.Provider value={data.context}>
      <AppShell
        navbar={{ width: collapsed ? NAV_COLLAPSED_WIDTH : NAV_WIDTH, breakpoint: 0 }}
        padding="lg"
        bg="gray.0"
      >
        <AppShell.Navbar bg="white">
          <SideMenu
            collapsed={collapsed}
            onToggle={onToggle}
            counts={data.counts}
            mailSetupIncomplete={data.mailSetupIncomplete}
          />
        </AppShell.Navbar>
        <AppShell.Main>
          <div style={{ maxWidth: 1400, margin: '0 auto' }}>
            <Outlet />
          </div>
        </AppShell.Main>
      </AppShell>
      <PreferencePopup />
      <DraftPopup />
    </ShellContext.Provider>
  );
}

function ShellWithIdentity() {
  const { identity } = useSession();
  if (!identity) return null;
  return (
    <>
      <LiveUpdates />
      <ShellFrame identity={identity} />
    </>
  );
}

/** The authenticated shell: session guard, side menu, the screen, and the two pop-ups. */
export function AppShellLayout() {
  return (
    <SessionGuard>
      <ModalsProvider>
        <ShellWithIdentity />
      </ModalsProvider>
    </SessionGuard>
  );
}
