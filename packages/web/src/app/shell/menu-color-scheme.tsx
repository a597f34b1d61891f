import {
  ActionIcon,
  Popover,
  Radio,
  Stack,
  Tooltip,
  useMantineColorScheme,
  type MantineColorScheme,
} from '@mantine/core';
import { IconDeviceDesktop, IconMoon, IconSun } from '@tabler/icons-react';
import { useEffect, useRef } from 'react';
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
  // Mantine hands out a new setter on every render: only a change of the saved value applies it,
  // or each render would put the saved scheme back over the one just chosen.
  const setRef = useRef(setColorScheme);
  setRef.current = setColorScheme;
  const saved = preference?.[COLOR_SCHEME_PREFERENCE_KEY];
  useEffect(() => {
    if (isScheme(saved)) setRef.current(saved);
  }, [saved]);
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
    <Popover position={collapsed ? 'right-end' : 'top-end'} withArrow trapFocus returnFocus shadow="md">
      <Popover.Target>
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
      </Popover.Target>
      <Popover.Dropdown>
        <Radio.Group
          label={title}
          value={colorScheme}
          onChange={(value) => {
            if (isScheme(value)) onChange(value);
          }}
        >
          <Stack gap="xs" mt="xs">
            {SCHEMES.map((value) => (
              <Radio
                key={value}
                value={value}
                label={t(`menu.colorScheme.${value}`)}
                data-testid={`color-scheme-${value}`}
              />
            ))}
          </Stack>
        </Radio.Group>
      </Popover.Dropdown>
    </Popover>
  );
}
