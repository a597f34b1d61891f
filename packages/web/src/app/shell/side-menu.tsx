import { ActionIcon, AppShell, Group, NavLink, ScrollArea, Stack, Tooltip } from '@mantine/core';
import {
  IconChartBar,
  IconExternalLink,
  IconInbox,
  IconLayoutDashboard,
  IconLayoutSidebarLeftCollapse,
  IconLayoutSidebarLeftExpand,
  IconLogout,
  IconTruckDelivery,
  IconX,
} from '@tabler/icons-react';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { TLanguage } from '@claimdesk/contracts';
import { BrandMark } from '../../components/ui/brand-mark';
import type { TMailCounts } from '../../features/reports/api/get-mail-count';
import { preferenceEvents } from '../../lib/events';
import { changeLanguage } from '../../lib/i18n';
import { canSee } from '../../lib/menu-rules';
import { logout, useSession } from '../../lib/session';
import { forgetPushBeforeLogout } from '../../lib/web-push';
import { signOutOnServer } from '../../features/users/api/sessions';
import { useShell } from '../../lib/shell-context';
import { LiveStatus } from './live-status';
import { MenuConfigItems } from './menu-config-items';
import { MenuLanguage } from './menu-language';
import { MenuLink } from './menu-link';
import { MenuProfile } from './menu-profile';
import { MenuSettingsGroup } from './menu-settings-group';
import classes from './side-menu.module.css';

export const SUPPORT_PREVIEW_PATH = '/cases/open/support/new/preview';

interface Props {
  collapsed: boolean;
  onToggle: () => void;
  /** Shown in the phone's drawer: the toggle closes the drawer. */
  isDrawer?: boolean;
  counts: TMailCounts | undefined;
  mailSetupIncomplete: boolean;
}

export function SideMenu({ collapsed, onToggle, isDrawer = false, counts, mailSetupIncomplete }: Props) {
  const { t } = useTranslation('common');
  const navigate = useNavigate();
  const { identity } = useSession();
  const { menu, features, currentUser, grantType } = useShell();
  const authorities = identity?.authorities ?? [];
  const icon = (I: typeof IconInbox) => <I size={20} stroke={1.6} aria-hidden />;

  const onLanguage = (lng: TLanguage) => {
    void changeLanguage(lng);
    if (grantType === 'password')
      preferenceEvents.emit('PREFERENCE_CHANGED', { key: 'language', value: lng });
  };
  // The server forgets this browser's notifications while the token still stands, then ends the
  // session there; a server that does not answer in time does not keep the person signed in here.
  const onLogout = () => {
    void forgetPushBeforeLogout()
      .then(() =>
        Promise.race([
          signOutOnServer().catch(() => undefined),
          new Promise((resolve) => setTimeout(resolve, 2000)),
        ]),
      )
      .then(() => {
        logout();
        void navigate('/login', { replace: true });
      });
  };
  const toggleLabel = t(isDrawer ? 'menu.closeMenu' : collapsed ? 'menu.expand' : 'menu.collapse');
  const toggleIcon = isDrawer
    ? IconX
    : collapsed
      ? IconLayoutSidebarLeftExpand
      : IconLayoutSidebarLeftCollapse;
  const inboxCount = counts?.inbox ?? 0;
  const failedCount = counts?.failed ?? 0;

  return (
    <>
      <AppShell.Section className={classes.header} px="sm">
        <Group h="100%" justify={collapsed ? 'center' : 'space-between'} wrap="nowrap">
          {!collapsed && <BrandMark />}
          <Tooltip label={toggleLabel} position="right" withArrow>
            <ActionIcon
              variant="subtle"
              color="gray"
              size="lg"
              onClick={onToggle}
              aria-label={toggleLabel}
              aria-expanded={isDrawer ? undefined : !collapsed}
              data-testid={isDrawer ? 'menu-close' : 'menu-toggle'}
            >
              {icon(toggleIcon)}
            </ActionIcon>
          </Tooltip>
        </Group>
      </AppShell.Section>
      <AppShell.Section grow component={ScrollArea} px="xs" py="sm">
        <nav aria-label={t('menu.label')}>
          {canSee('dashboard', authorities) && (
            <MenuLink
              to="/dashboard"
              label={t('menu.dashboard')}
              icon={icon(IconLayoutDashboard)}
              collapsed={collapsed}
              testId="menu-dashboard"
            />
          )}
          <MenuConfigItems menu={menu} counts={counts} collapsed={collapsed} />
          {grantType === 'password' && (
            <MenuLink
              to="/messages/mail"
              label={t('menu.inbox')}
              icon={icon(IconInbox)}
              collapsed={collapsed}
              badges={[
                {
                  count: inboxCount,
                  color: 'orange',
                  label: t('menu.unread', { count: inboxCount }),
                  testId: 'badge-inbox',
                },
                {
                  count: failedCount,
                  color: 'red',
                  label: t('menu.failed', { count: failedCount }),
                  testId: 'badge-failed',
                },
              ]}
              testId="menu-inbox"
            />
          )}
          {canSee('suppliers', authorities) && (
            <MenuLink
              to="/suppliers"
              label={t('menu.suppliers')}
              icon={icon(IconTruckDelivery)}
              collapsed={collapsed}
              testId="menu-suppliers"
            />
          )}
          {canSee('reports', authorities) && (
            <MenuLink
              to="/reports"
              label={t('menu.reports')}
              icon={icon(IconChartBar)}
              collapsed={collapsed}
              testId="menu-reports"
            />
          )}
          <MenuSettingsGroup
            authorities={authorities}
            collapsed={collapsed}
            mailSetupIncomplete={mailSetupIncomplete}
          />
          {/* The support form's preview is the store's: a supplier's contact person has none. */}
          {features.supportClaim && grantType === 'password' && (
            <MenuLink
              to={SUPPORT_PREVIEW_PATH}
              label={t('menu.supportPreview')}
              icon={icon(IconExternalLink)}
              collapsed={collapsed}
              newTab
              testId="menu-support-preview"
            />
          )}
        </nav>
      </AppShell.Section>
      <AppShell.Section className={classes.footer} p="xs">
        <Stack gap={6} align={collapsed ? 'center' : 'stretch'}>
          <MenuLanguage collapsed={collapsed} onChange={onLanguage} />
          {/* On a phone the mark is in the header, seen with the drawer shut. */}
          {!isDrawer && <LiveStatus collapsed={collapsed} />}
          <MenuProfile user={currentUser} collapsed={collapsed} />
          {collapsed ? (
            <Tooltip label={t('menu.logout')} position="right" withArrow>
              <ActionIcon
                variant="subtle"
                color="gray"
                size="lg"
                onClick={onLogout}
                aria-label={t('menu.logout')}
                data-testid="menu-logout"
              >
                {icon(IconLogout)}
              </ActionIcon>
            </Tooltip>
          ) : (
            <NavLink
              component="button"
              label={t('menu.logout')}
              leftSection={icon(IconLogout)}
              onClick={onLogout}
              data-testid="menu-logout"
            />
          )}
        </Stack>
      </AppShell.Section>
    </>
  );
}
