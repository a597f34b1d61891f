import { Badge, Group, Paper, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { TCase, TFormConfig, TStatusOptionsConfig } from '@claimdesk/contracts';
import { useConfigLabel } from '../hooks/use-config-label';
import { fieldLabelKey, formFieldMap } from '../lib/field-labels';
import { formatDate } from '../lib/format';
import { formatFieldNumber, isStatusDimension } from '../lib/form-values';
import { CasePresence } from './case-presence';
import { StatusBadge } from './status-badge';

interface Props {
  current: TCase;
  form: TFormConfig;
  statusOptions: TStatusOptionsConfig | undefined;
  assigneeName: (username: string) => string;
  actions: ReactNode;
}

/** The case's number, status and the form's header fields, with the case actions. */
export function CaseHeader({ current, form, statusOptions, assigneeName, actions }: Props) {
  const { t, i18n } = useTranslation('cases');
  const label = useConfigLabel();
  const fields = formFieldMap(form);

  const valueOf = (key: string): ReactNode => {
    if (key === 'status') return <StatusBadge status={current.status} options={statusOptions} />;
    if (key === 'assignee') return current.assignee ? assigneeName(current.assignee) : t('detail.unassigned');
    // Empty as well as missing: a supplier's contact person reads the customer's name empty.
    if (key.startsWith('customer.')) return current.customer[key.slice(9) as keyof TCase['customer']] || '—';
    if (key === 'items') return t('detail.itemCount', { count: current.items.length });
    if (key === 'purchaseDate')
      return current.purchaseDate ? formatDate(current.purchaseDate, i18n.language) : '—';
    if (isStatusDimension(key)) {
      const option = statusOptions?.[key].find((o) => o.value === current[key]);
      return option ? label(option.label) : '—';
    }
    if (key.startsWith('custom.')) {
      const value = current.customFields[key.slice(7)];
      if (value === null || value === undefined || value === '') return '—';
      if (typeof value === 'number') return formatFieldNumber(fields.get(key), value, i18n.language);
      if (typeof value === 'boolean') return t(value ? 'timeline.yes' : 'timeline.no');
      return Array.isArray(value) ? value.join(', ') : value;
    }
    const plain = (current as unknown as Record<string, unknown>)[key];
    return typeof plain === 'string' && plain !== '' ? plain : '—';
  };

  return (
    <Paper withBorder p="md" mb="md" data-testid="case-header">
      <Group justify="space-between" align="flex-start" wrap="wrap" gap="md">
        {/* A basis of its own: where it and the actions do not fit side by side (a phone), the
            actions wrap below rather than squeezing the number and the fields to a few letters. */}
        <Stack gap={6} style={{ minWidth: 0, flex: '1 1 18rem' }}>
          <Group gap="sm" wrap="wrap">
            <Title order={1} size="h2">
              {t('detail.title', { number: current.caseNumber })}
            </Title>
            {current.isArchived && (
              <Badge color="gray" variant="outline" tt="none">
                {t('detail.archived')}
              </Badge>
            )}
          </Group>
          <CasePresence caseId={current.id} />
          <Group gap="xl" wrap="wrap">
            {form.header.map((key) => (
              <Stack gap={0} key={key} style={{ minWidth: 0 }}>
                <Text size="xs" c="dimmed">
                  {label(fieldLabelKey(key, fields))}
                </Text>
                <Text size="sm" fw={500} component="div" data-testid={`header-${key}`} truncate maw={260}>
                  {valueOf(key)}
                </Text>
              </Stack>
            ))}
          </Group>
        </Stack>
        <Group gap="xs">{actions}</Group>
      </Group>
    </Paper>
  );
}
