import { Button, Checkbox, Group, Select, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconSearch, IconX } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  CASE_SEARCH_MAX_LENGTH,
  UNASSIGNED_FILTER,
  type TFeatureConfig,
  type TSearchFiltersConfig,
  type TStatusOptionsConfig,
} from '@claimdesk/contracts';
import { LazyDateField } from '../../../components/ui/lazy-date-field';
import { useConfigLabel } from '../hooks/use-config-label';
import { isStatusDimension } from '../lib/form-values';
import type { TCaseListParams } from '../api/list-cases';
import type { TChoice } from './form-field';

export const SEARCH_DEBOUNCE_MS = 300;

interface Props {
  filters: TSearchFiltersConfig;
  features: TFeatureConfig;
  params: TCaseListParams;
  setParams: (changes: Record<string, string | null | undefined>) => void;
  statusOptions: TStatusOptionsConfig | undefined;
  assignees: TChoice[];
  itemTypes: TChoice[];
  activeFilters: number;
}

/** The search box (debounced into the address's `search`) and the configured filters. */
export function CaseListFilters({
  filters,
  features,
  params,
  setParams,
  statusOptions,
  assignees,
  itemTypes,
  activeFilters,
}: Props) {
  const { t } = useTranslation('cases');
  const label = useConfigLabel();
  const [search, setSearch] = useState(params.search ?? '');
  const [debounced] = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);

  useEffect(() => {
    if (debounced !== (params.search ?? '')) setParams({ search: debounced });
    // Only the typed text drives this; the address's value is read, not watched.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [debounced]);
  useEffect(() => {
    // The address changed from outside (back, a link): the box follows.
    if ((params.search ?? '') !== search.trim()) setSearch(params.search ?? '');
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [params.search]);

  const select = (key: string, text: string, data: TChoice[]) => (
    <Select
      key={key}
      label={text}
      data={data}
      value={
        (params as Record<string, unknown>)[key] === undefined
          ? null
          : String((params as Record<string, unknown>)[key])
      }
      onChange={(v) => setParams({ [key]: v })}
      clearable
      searchable={data.length > 8}
      w={180}
      size="sm"
      comboboxProps={{ withinPortal: true }}
    />
  );

  const visible = filters.filter(
    (f) => (!f.feature || features[f.feature]) && (!isStatusDimension(f.key) || features[f.key]),
  );

  return (
    <Group align="flex-end" gap="sm" wrap="wrap" mb="md">
      <TextInput
        type="search"
        value={search}
        onChange={(e) => setSearch(e.currentTarget.value)}
        label={t('list.search')}
        placeholder={t('list.searchPlaceholder')}
        leftSection={<IconSearch size={16} aria-hidden />}
        // The contract's limit: a longer search would only be refused.
        maxLength={CASE_SEARCH_MAX_LENGTH}
        w={280}
        size="sm"
      />
      {visible.map((filter) => {
        const text = label(filter.label);
        switch (filter.key) {
          case 'status':
            return select(
              'status',
              text,
              statusOptions?.statuses.map((s) => ({ value: s.value, label: label(s.label) })) ?? [],
            );
          case 'assignee':
            return select('assignee', text, [
              { value: UNASSIGNED_FILTER, label: t('list.unassigned') },
              ...assignees,
            ]);
          case 'itemType':
            return select('itemType', text, itemTypes);
          case 'createdAt':
            return (
              <Group key="createdAt" gap={6} wrap="nowrap" align="flex-end">
                <LazyDateField
                  size="sm"
                  label={t('list.createdFrom', { label: text })}
                  value={params.createdFrom ?? ''}
                  onChange={(value) => setParams({ createdFrom: value })}
                  clearable
                  w={150}
                />
                <LazyDateField
                  size="sm"
                  label={t('list.createdTo')}
                  value={params.createdTo ?? ''}
                  onChange={(value) => setParams({ createdTo: value })}
                  clearable
                  w={150}
                />
              </Group>
            );
          case 'hasUnread':
            return (
              <Checkbox
                key="hasUnread"
                label={text}
                checked={params.hasUnread === true}
                onChange={(e) => setParams({ hasUnread: e.currentTarget.checked ? 'true' : null })}
                mb={8}
              />
            );
          default:
            return select(
              filter.key,
              text,
              statusOptions?.[filter.key].map((o) => ({ value: o.value, label: label(o.label) })) ?? [],
            );
        }
      })}
      {activeFilters > 0 && (
        <Button
          variant="subtle"
          color="gray"
          size="sm"
          leftSection={<IconX size={14} aria-hidden />}
          onClick={() =>
            setParams(
              Object.fromEntries(
                visible
                  .flatMap((f) => (f.key === 'createdAt' ? ['createdFrom', 'createdTo'] : [f.key]))
                  .map((k) => [k, null]),
              ),
            )
          }
        >
          {t('list.clearFilters')}
        </Button>
      )}
    </Group>
  );
}
