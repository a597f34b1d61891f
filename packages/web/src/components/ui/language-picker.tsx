import { NativeSelect } from '@mantine/core';
import { IconLanguage } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { TLanguage } from '@claimdesk/contracts';
import { LANGUAGES } from '../../lib/constants';

interface Props {
  value: TLanguage;
  onChange: (lng: TLanguage) => void;
  /** Shows the visible label above the field instead of an accessible name only. */
  withLabel?: boolean;
}

export function LanguagePicker({ value, onChange, withLabel = false }: Props) {
  const { t } = useTranslation('common');
  return (
    <NativeSelect
      aria-label={t('language.label')}
      label={withLabel ? t('language.label') : undefined}
      value={value}
      onChange={(e) => onChange(e.currentTarget.value as TLanguage)}
      data={LANGUAGES.map((lng) => ({ value: lng, label: t(`language.names.${lng}`) }))}
      leftSection={<IconLanguage size={16} aria-hidden />}
      size="sm"
      w={withLabel ? undefined : 150}
      data-testid="language-picker"
    />
  );
}
