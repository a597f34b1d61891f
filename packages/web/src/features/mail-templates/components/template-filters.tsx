import { Select, SimpleGrid, TextInput } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { SEND_TYPES } from '@claimdesk/contracts';
import { LANGUAGES } from '../../../lib/constants';
import type { TTemplateFilter } from '../lib/group-templates';
import type { TWorkflowOption } from './use-workflow-options';

interface Props {
  filter: TTemplateFilter;
  onChange: (filter: TTemplateFilter) => void;
  workflows: TWorkflowOption[];
}

/** Narrows the list by workflow, send type, language and words of the key or subject. */
export function TemplateFilters({ filter, onChange, workflows }: Props) {
  const { t } = useTranslation('mailTemplates');
  return (
    <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="sm" mb="md">
      <TextInput
        label={t('filters.search')}
        placeholder={t('filters.searchPlaceholder')}
        leftSection={<IconSearch size={16} aria-hidden />}
        value={filter.search}
        maxLength={100}
        onChange={(event) => onChange({ ...filter, search: event.currentTarget.value })}
      />
      <Select
        label={t('filters.workFlow')}
        placeholder={t('filters.all')}
        data={workflows}
        value={filter.workFlow}
        onChange={(workFlow) => onChange({ ...filter, workFlow })}
        clearable
        clearButtonProps={{ 'aria-label': t('filters.clear'), 'aria-hidden': false, tabIndex: 0 }}
      />
      <Select
        label={t('filters.sendType')}
        placeholder={t('filters.all')}
        data={SEND_TYPES.map((s) => ({ value: s, label: t(`sendType.${s}`) }))}
        value={filter.sendType}
        onChange={(sendType) => onChange({ ...filter, sendType: sendType })}
        clearable
        clearButtonProps={{ 'aria-label': t('filters.clear'), 'aria-hidden': false, tabIndex: 0 }}
      />
      <Select
        label={t('filters.language')}
        placeholder={t('filters.all')}
        data={LANGUAGES.map((l) => ({ value: l, label: t(`common:language.names.${l}`) }))}
        value={filter.language}
        onChange={(language) => onChange({ ...filter, language: language })}
        clearable
        clearButtonProps={{ 'aria-label': t('filters.clear'), 'aria-hidden': false, tabIndex: 0 }}
      />
    </SimpleGrid>
  );
}
