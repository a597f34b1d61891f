import { ActionIcon, Menu, Tooltip, useMantineColorScheme, type MantineColorScheme } from '@mantine/core';
import { IconCheck, IconDeviceDesktop, IconMoon, IconSun } from '@tabler/icons-react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import type { TPreference } from '@claimdesk/contracts';
import { useUpdateUserPreference } from '../../features/preferences/api/update-user-preference';
import { useShell } from '../../lib/shell-context';

/** The user preference that keeps the colour scheme, so that it follows the user to other browsers. */
export const COLOR_SCHEME_PREFERENCE_KEY = 'color-scheme';
const SCHEMES: MantineColorScheme[] = ['light', 'dark', 'auto'];
const ICONS = { light: IconSun, dark: IconMoon, auto: IconDeviceDesktop } as const;

const isScheme = (value: unknown): value is MantineColorScheme =>
  SCHEMES.includes(value as MantineColorScheme);

/**
 * Applies the signed-in user's saved colour scheme. Mantine keeps the scheme in this browser too
 * (localStorage), so the sign-in screen already has it; the saved preference wins once it loads.
 */
export function useSavedColorScheme(preference: TPreference | undefined) {
  const { setColorScheme } = useMantineColorScheme();
  const saved = preference?.[COLOR_SCHEME_PREFERENCE_KEY];
  useEffect(() => {
    if (isScheme(saved)) setColorScheme(saved);
  }, [saved, setColorScheme]);
}

/** Light, dark or as the system: a menu beside the profile, kept as a preference of password users. */
export function MenuColorScheme({ collapsed }: { collapsed: boolean }) {
  const { t } = useTranslation('common');
  const { colorScheme, setColorScheme } = useMantineColorScheme();
  const { grantType } = useShell();
  const save = useUpdateUserPreference();
  const onChange = (value: MantineColorScheme) => {
    setColorScheme(value);
    if (grantType === 'password') save.mutate({ [COLOR_SCHEME_PREFERENCE_KEY]: value });
  };
  const title = t('menu.colorScheme.label');
  const Icon = ICONS[colorScheme];
  return (
    <Menu position={collapsed ? 'right-end' : 'top-end'} withArrow>
      <Menu.Target>
        <Tooltip label={title} position="right" withArrow>
          <ActionIcon
            variant="subtle"
            color="gray"
            size="lg"
            aria-label={`${title}: ${t(`menu.colorScheme.${colorScheme}`)}`}
            data-testid="color-scheme-menu"
          >
            <Icon size={20} stroke={1.6} aria-hidden />
          </ActionIcon>
        </Tooltip>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>{title}</Menu.Label>
        {SCHEMES.map((value) => {
          const ItemIcon = ICONS[value];
          const isChosen = value === colorScheme;
          return (
            <Menu.Item
              key={value}
              role="menuitemradio"
              aria-checked={isChosen}
              leftSection={<ItemIcon size={16} aria-hidden />}
              rightSection={isChosen ? <IconCheck size={16} aria-hidden /> : undefined}
              onClick={() => onChange(value)}
              data-testid={`color-scheme-${value}`}
            >
              {t(`menu.colorScheme.${value}`)}
            </Menu.Item>
          );
        })}
      </Menu.Dropdown>
    </Menu>
  );
}
