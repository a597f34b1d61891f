import { Select } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TCaseListRow } from '@claimdesk/contracts';
import { usePreviewCases } from '../api/list-preview-cases';

interface Props {
  workFlow: string;
  value: TCaseListRow | null;
  onChange: (row: TCaseListRow | null) => void;
}

/** The case a preview is drawn against: the workflow's open cases, searched as the person types. */
export function PreviewCasePicker({ workFlow, value, onChange }: Props) {
  const { t } = useTranslation('mailTemplates');
  const labelOf = (row: TCaseListRow) =>
    `#${String(row.caseNumber)} · ${row.customerName || t('preview.noCustomer')}`;
  const [search, setSearch] = useState('');
  // While the box shows the chosen case, it is no search.
  const term = value && search === labelOf(value) ? '' : search.trim();
  const [debounced] = useDebouncedValue(term, 250);
  const cases = usePreviewCases(workFlow, debounced);
  const rows = cases.data?.items ?? [];
  const choices = value && !rows.some((r) => r.id === value.id) ? [value, ...rows] : rows;
  return (
    <Select
      label={t('preview.case')}
      placeholder={t('preview.casePlaceholder')}
      description={value ? undefined : t('preview.noCaseHint')}
      leftSection={<IconSearch size={16} aria-hidden />}
      searchable
      clearable
      clearButtonProps={{ 'aria-label': t('preview.clearCase'), 'aria-hidden': false, tabIndex: 0 }}
      searchValue={search}
      onSearchChange={setSearch}
      // The server has searched already (case number, customer, order, items).
      filter={({ options }) => options}
      nothingFoundMessage={cases.isError ? t('preview.casesFailed') : t('preview.noCases')}
      data={choices.map((row) => ({ value: String(row.id), label: labelOf(row) }))}
      value={value ? String(value.id) : null}
      onChange={(id) => onChange(choices.find((row) => String(row.id) === id) ?? null)}
      comboboxProps={{ withinPortal: true }}
      data-testid="preview-case"
    />
  );
}
