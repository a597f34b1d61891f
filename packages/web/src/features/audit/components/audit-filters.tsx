import { Button, Group, Select, SimpleGrid, TextInput } from '@mantine/core';
import { IconFilterOff } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { AUDIT_ACTIONS } from '@claimdesk/contracts';
import { DateField } from '../../../components/ui/date-field';
import { actionText } from './audit-entry-text';

/** The filters as the screen holds them: empty text is "any". */
export interface TAuditFilterValues {
  action: string;
  actor: string;
  target: string;
  from: string;
  to: string;
}

export const NO_FILTERS: TAuditFilterValues = { action: '', actor: '', target: '', from: '', to: '' };

interface Props {
  values: TAuditFilterValues;
  onChange: (values: TAuditFilterValues) => void;
}

/** Action, who, target and a range of days. */
export function AuditFilters({ values, onChange }: Props) {
  const { t } = useTranslation('audit');
  const set = (field: keyof TAuditFilterValues) => (value: string) => onChange({ ...values, [field]: value });
  const actions = AUDIT_ACTIONS.map((action) => ({ value: action, label: actionText(t, action) }));
  const isFiltered = Object.values(values).some(Boolean);
  return (
    <SimpleGrid cols={{ base: 1, xs: 2, md: 5 }} spacing="sm" mb="md">
      <Select
        label={t('filters.action')}
        placeholder={t('filters.allActions')}
        data={actions}
        value={values.action || null}
        onChange={(value) => set('action')(value ?? '')}
        clearable
        searchable
        data-testid="audit-filter-action"
      />
      <TextInput
        label={t('filters.actor')}
        placeholder={t('filters.actorPlaceholder')}
        value={values.actor}
        onChange={(event) => set('actor')(event.currentTarget.value)}
        maxLength={200}
      />
      <TextInput
        label={t('filters.target')}
        placeholder={t('filters.targetPlaceholder')}
        value={values.target}
        onChange={(event) => set('target')(event.currentTarget.value)}
        maxLength={200}
      />
      <DateField label={t('filters.from')} value={values.from} onChange={set('from')} clearable />
      <Group gap="xs" align="flex-end" wrap="nowrap">
        <DateField
          label={t('filters.to')}
          value={values.to}
          onChange={set('to')}
          clearable
          style={{ flex: 1 }}
        />
        {isFiltered && (
          <Button
            variant="subtle"
            px="xs"
            onClick={() => onChange(NO_FILTERS)}
            aria-label={t('filters.clear')}
            title={t('filters.clear')}
          >
            <IconFilterOff size={18} aria-hidden />
          </Button>
        )}
      </Group>
    </SimpleGrid>
  );
}
