import { ActionIcon, Menu, Tooltip } from '@mantine/core';
import { IconLanguage } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { TLanguage } from '@claimdesk/contracts';
import { LANGUAGES } from '../../lib/constants';
import { LanguagePicker } from '../../components/ui/language-picker';

/** The language picker of the side menu; an icon with a menu when the side menu is collapsed. */
export function MenuLanguage({
  collapsed,
  onChange,
}: {
  collapsed: boolean;
  onChange: (lng: TLanguage) => void;
}) {
  const { t, i18n } = useTranslation('common');
  const value = i18n.language as TLanguage;
  if (!collapsed) return <LanguagePicker value={value} onChange={onChange} withLabel />;
  return (
    <Menu position="right-end" withArrow>
      <Menu.Target>
        <Tooltip label={t('language.label')} position="right" withArrow>
          <ActionIcon variant="subtle" color="gray" size="lg" aria-label={t('language.label')}>
            <IconLanguage size={20} aria-hidden />
          </ActionIcon>
        </Tooltip>
      </Menu.Target>
      <Menu.Dropdown>
        {LANGUAGES.map((lng) => (
          <Menu.Item key={lng} onClick={() => onChange(lng)} fw={lng === value ? 700 : undefined}>
            {t(`language.names.${lng}`)}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
