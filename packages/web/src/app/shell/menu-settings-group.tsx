import { ThemeIcon } from '@mantine/core';
import {
  IconAlertTriangle,
  IconBox,
  IconMail,
  IconSettings,
  IconTemplate,
  IconUsers,
  IconBuildingStore,
  IconHistory,
  IconForms,
  IconShieldLock,
  IconShoppingBag,
} from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { canSee, type TMenuEntry } from '../../lib/menu-rules';
import { MenuLink } from './menu-link';

const ENTRIES: { entry: TMenuEntry; to: string; icon: typeof IconMail }[] = [
  { entry: 'mail-config', to: '/settings/mail-config', icon: IconMail },
  { entry: 'mail-templates', to: '/settings/mail-templates', icon: IconTemplate },
  { entry: 'store-configs', to: '/settings/store-configs', icon: IconBuildingStore },
  { entry: 'forms-and-lists', to: '/settings/forms-and-lists', icon: IconForms },
  { entry: 'claim-item-type', to: '/settings/claim-item-type', icon: IconBox },
  { entry: 'users', to: '/users', icon: IconUsers },
  { entry: 'audit-log', to: '/settings/audit-log', icon: IconHistory },
  { entry: 'privacy', to: '/settings/privacy', icon: IconShieldLock },
  { entry: 'shops', to: '/settings/shops', icon: IconShoppingBag },
];

/** The settings group, each entry gated by role (source, section 6), with the mail-setup warning. */
export function MenuSettingsGroup({
  authorities,
  collapsed,
  mailSetupIncomplete,
}: {
  authorities: readonly string[];
  collapsed: boolean;
  mailSetupIncomplete: boolean;
}) {
  const { t } = useTranslation('common');
  const visible = ENTRIES.filter((e) => canSee(e.entry, authorities));
  if (visible.length === 0) return null;
  const warning = mailSetupIncomplete ? (
    <ThemeIcon
      size="sm"
      radius="xl"
      color="yellow"
      variant="light"
      role="img"
      aria-label={t('menu.setupIncomplete')}
      title={t('menu.setupIncomplete')}
      data-testid="settings-warning"
    >
      <IconAlertTriangle size={12} aria-hidden />
    </ThemeIcon>
  ) : undefined;
  const links = visible.map(({ entry, to, icon: Icon }) => (
    <MenuLink
      key={entry}
      to={to}
      label={t(`menu.settings.${entry}`)}
      icon={<Icon size={collapsed ? 20 : 18} stroke={1.6} aria-hidden />}
      collapsed={collapsed}
      testId={`menu-${entry}`}
    />
  ));
  if (collapsed) return <>{links}</>;
  return (
    <MenuLink
      to="/settings"
      label={t('menu.settings.title')}
      icon={<IconSettings size={20} stroke={1.6} aria-hidden />}
      collapsed={false}
      rightSection={warning}
      defaultOpened
      testId="menu-settings"
    >
      {links}
    </MenuLink>
  );
}
