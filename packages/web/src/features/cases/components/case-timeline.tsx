import { Paper, Skeleton, Stack, Text, Timeline } from '@mantine/core';
import {
  IconArchive,
  IconArrowBackUp,
  IconMailForward,
  IconMailShare,
  IconClockPause,
  IconMailOpened,
  IconPencil,
  IconPlus,
  IconTrash,
  IconUserCheck,
  IconUserMinus,
  IconProgressCheck,
  IconHistory,
  IconReceipt,
  IconSend,
  IconSendOff,
  IconTruckReturn,
} from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import {
  BUILT_IN_FIELDS,
  isBuiltInField,
  type TFormConfig,
  type TAssignee,
  type TStatusOptionsConfig,
  type TTimelineEntry,
} from '@claimdesk/contracts';
import { formatStoredDate } from '../../../components/ui/date-field';
import { EmptyState } from '../../../components/ui/empty-state';
import { useCaseTimeline } from '../api/get-case-timeline';
import { useConfigLabel } from '../hooks/use-config-label';
import { fieldLabelKey, formFieldMap } from '../lib/field-labels';
import { formatDateTime } from '../lib/format';
import { formatFieldNumber, isStatusDimension } from '../lib/form-values';

const ICONS = {
  created: IconPlus,
  updated: IconPencil,
  status: IconProgressCheck,
  assigned: IconUserCheck,
  archived: IconArchive,
  reopened: IconArrowBackUp,
  deleted: IconTrash,
  'mail-in': IconMailOpened,
  'mail-out': IconMailForward,
  'mail-moved': IconMailShare,
  'mail-held': IconClockPause,
  costs: IconReceipt,
  'supplier-sent': IconSend,
  'supplier-withdrawn': IconSendOff,
  'participant-removed': IconUserMinus,
  'supplier-answer': IconTruckReturn,
} as const;

/** Changes that an entry's title already tells (archived, reopened, sent to a supplier), not listed again as fields. */
const SAID_BY_KIND = new Set(['isArchived', 'supplier', 'participant']);

interface Props {
  caseId: number;
  form: TFormConfig | undefined;
  statusOptions: TStatusOptionsConfig | undefined;
  assignees: TAssignee[] | undefined;
}

/** Who changed what and when, oldest first, with the form's field names and translated values. */
export function CaseTimeline({ caseId, form, statusOptions, assignees }: Props) {
  const { t, i18n } = useTranslation('cases');
  const label = useConfigLabel();
  const timeline = useCaseTimeline(caseId);
  const fields = formFieldMap(form);

  // A choice of a select or multi-select custom field by its label, as the form shows it.
  const choice = (field: string, value: unknown): string | undefined => {
    const option = fields.get(field)?.options?.find((o) => o.value === value);
    return option && label(option.label);
  };
  // The form's configuration tells a custom field's type; a built-in field has its one type, even
  // where this store's form does not draw it.
  const typeOf = (field: string) =>
    fields.get(field)?.type ?? (isBuiltInField(field) ? BUILT_IN_FIELDS[field] : undefined);
  const show = (field: string, value: unknown): string => {
    if (value === null || value === undefined || value === '') return '—';
    if (typeof value === 'object') {
      if (!Array.isArray(value)) return JSON.stringify(value);
      const names = value.map((v: unknown) =>
        v && typeof v === 'object' && 'productName' in v
          ? String(v.productName)
          : (choice(field, v) ?? (typeof v === 'string' ? v : JSON.stringify(v))),
      );
      return names.length > 0 ? names.join(', ') : '—';
    }
    const chosen = choice(field, value);
    if (chosen !== undefined) return chosen;
    const text =
      typeof value === 'string'
        ? value
        : typeof value === 'number' || typeof value === 'boolean'
          ? String(value)
          : '';
    if (field === 'status') {
      const option = statusOptions?.statuses.find((s) => s.value === value);
      return option ? label(option.label) : text;
    }
    if (isStatusDimension(field)) {
      const option = statusOptions?.[field].find((o) => o.value === value);
      return option ? label(option.label) : text;
    }
    if (field === 'assignee') return assignees?.find((a) => a.username === value)?.fullName ?? text;
    if (typeof value === 'boolean') return t(value ? 'timeline.yes' : 'timeline.no');
    // A date as the form's date field shows it (23.11.2026, 23/11/2026), not as it is stored.
    if (typeof value === 'string' && typeOf(field) === 'date') return formatStoredDate(value, i18n.language);
    if (typeof value === 'number' && field.startsWith('custom.'))
      return formatFieldNumber(fields.get(field), value, i18n.language);
    return text;
  };

  // A moved mail's `case` change holds case numbers, or null for unmapped.
  const caseName = (value: unknown): string =>
    typeof value === 'number' ? t('timeline.moved.case', { number: value }) : t('timeline.moved.unmapped');

  if (timeline.isLoading) {
    return (
      <Paper withBorder p="md">
        <Stack>
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} height={44} />
          ))}
        </Stack>
      </Paper>
    );
  }
  const entries = timeline.data ?? [];
  if (entries.length === 0)
    return (
      <EmptyState
        icon={<IconHistory size={32} />}
        title={t('timeline.emptyTitle')}
        description={t('timeline.empty')}
      />
    );

  return (
    <Paper withBorder p="md" data-testid="case-timeline">
      <Timeline bulletSize={28} lineWidth={2}>
        {entries.map((entry: TTimelineEntry) => {
          const Icon = ICONS[entry.kind];
          return (
            <Timeline.Item
              key={entry.id}
              bullet={<Icon size={15} aria-hidden />}
              title={t(`timeline.kind.${entry.kind}`, {
                actor: assignees?.find((a) => a.username === entry.actor)?.fullName ?? entry.actor,
                supplier: ((change) => change?.to ?? change?.from)(
                  entry.changes.find((change) => change.field === 'supplier'),
                ),
                person: entry.changes.find((change) => change.field === 'participant')?.from,
              })}
              data-testid="timeline-entry"
            >
              <Text size="xs" c="dimmed">
                {formatDateTime(entry.at, i18n.language)}
              </Text>
              {entry.changes
                .filter(({ field }) => !SAID_BY_KIND.has(field))
                .map((change) =>
                  entry.kind === 'mail-moved' && change.field === 'case' ? (
                    <Text size="sm" key={change.field}>
                      {t('timeline.moved.line', { from: caseName(change.from), to: caseName(change.to) })}
                    </Text>
                  ) : (
                    <Text size="sm" key={change.field}>
                      <Text span fw={600}>
                        {label(fieldLabelKey(change.field, fields))}
                      </Text>
                      {': '}
                      {show(change.field, change.from)} → {show(change.field, change.to)}
                    </Text>
                  ),
                )}
            </Timeline.Item>
          );
        })}
      </Timeline>
    </Paper>
  );
}
