import { ModalsProvider } from '@mantine/modals';
import { AppShell, Burger, Button, Center, Drawer, Group, Stack, Text } from '@mantine/core';
import { useDisclosure, useMediaQuery } from '@mantine/hooks';
import { useEffect, useState } from 'react';
import { Outlet, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useUpdateUserPreference } from '../../features/preferences/api/update-user-preference';
import { useSession, type TIdentity } from '../../lib/session';
import { ShellContext } from '../../lib/shell-context';
import { BrandMark } from '../../components/ui/brand-mark';
import { PageLoader } from '../root-layout';
import { DraftPopup } from './draft-popup';
import { LiveStatus } from './live-status';
import { useSavedColorScheme } from './menu-color-scheme';
import { LiveUpdates } from './live-updates';
import { PreferencePopup } from './preference-popup';
import { SessionGuard } from './session-guard';
import { SideMenu } from './side-menu';
import { useShellData } from './use-shell-data';
import classes from './side-menu.module.css';

export const NAV_SHOW_KEY = 'nav-show';
const NAV_WIDTH = 272;
const NAV_COLLAPSED_WIDTH = 68;
const PHONE_HEADER_HEIGHT = 56;
/** Under 768 px (Mantine's sm) the side menu is a drawer behind a menu button: the screen needs the width. */
const PHONE_QUERY = '(max-width: 47.99em)';
export const MAIN_CONTENT_ID = 'main-content';

/** The first thing Tab reaches: straight to the screen, past the side menu (WCAG 2.4.1). */
function SkipLink() {
  const { t } = useTranslation('common');
  return (
    <a
      href={`#${MAIN_CONTENT_ID}`}
      className={classes.skipLink}
      data-testid="skip-link"
      onClick={(event) => {
        // Focus moves without a hash in the address, which the router would take for a navigation.
        event.preventDefault();
        document.getElementById(MAIN_CONTENT_ID)?.focus();
      }}
    >
      {t('menu.skipToContent')}
    </a>
  );
}

function ShellFrame({ identity }: { identity: TIdentity }) {
  const { t } = useTranslation('common');
  const data = useShellData(identity);
  const savePreference = useUpdateUserPreference();
  const navShow = data.context?.preference[NAV_SHOW_KEY];
  useSavedColorScheme(data.context?.preference);
  const [collapsed, setCollapsed] = useState(false);
  const isPhone = useMediaQuery(PHONE_QUERY, false, { getInitialValueInEffect: false });
  const [isDrawerOpen, drawer] = useDisclosure(false);
  const { pathname } = useLocation();
  useEffect(() => {
    if (typeof navShow === 'boolean') setCollapsed(!navShow);
  }, [navShow]);
  // A menu entry chosen in the drawer opens its screen: the drawer closes behind it.
  const closeDrawer = drawer.close;
  useEffect(() => {
    closeDrawer();
  }, [pathname, isPhone, closeDrawer]);

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
    if (identity.grantType === 'password') savePreference.mutate({ [NAV_SHOW_KEY]: !next });
  };
  const menu = (isDrawer: boolean) => (
    <SideMenu
      collapsed={isDrawer ? false : collapsed}
      onToggle={isDrawer ? drawer.close : onToggle}
      isDrawer={isDrawer}
      counts={data.counts}
      mailSetupIncomplete={data.mailSetupIncomplete}
    />
  );

  return (
    <ShellContext.Provider value={data.context}>
      <SkipLink />
      <AppShell
        header={isPhone ? { height: PHONE_HEADER_HEIGHT } : undefined}
        navbar={isPhone ? undefined : { width: collapsed ? NAV_COLLAPSED_WIDTH : NAV_WIDTH, breakpoint: 0 }}
        padding={isPhone ? 'sm' : 'lg'}
        className={classes.shell}
      >
        {isPhone ? (
          <AppShell.Header className={classes.phoneHeader}>
            <Group h="100%" px="sm" gap="sm" wrap="nowrap">
              <Burger
                opened={isDrawerOpen}
                onClick={drawer.toggle}
                size="sm"
                aria-label={t(isDrawerOpen ? 'menu.closeMenu' : 'menu.openMenu')}
                aria-expanded={isDrawerOpen}
                data-testid="menu-burger"
              />
              <BrandMark />
              <Group ml="auto">
                <LiveStatus collapsed />
              </Group>
            </Group>
          </AppShell.Header>
        ) : (
          <AppShell.Navbar className={classes.navbar}>{menu(false)}</AppShell.Navbar>
        )}
        <AppShell.Main id={MAIN_CONTENT_ID} tabIndex={-1} className={classes.main}>
          <div className={classes.content}>
            <Outlet />
          </div>
        </AppShell.Main>
        {isPhone && (
          <Drawer
            opened={isDrawerOpen}
            onClose={drawer.close}
            size={300}
            padding={0}
            withCloseButton={false}
            // The dialog's name; its header is hidden, as the menu's own header has the close button.
            title={t('menu.label')}
            classNames={{
              content: classes.drawerContent,
              header: classes.drawerHeader,
              body: classes.drawerBody,
            }}
          >
            {menu(true)}
          </Drawer>
        )}
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
