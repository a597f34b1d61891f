import { Chip, Group, Select } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ZMailLogType, type TMailLogType } from '@claimdesk/contracts';
import { useMailboxFilter } from '../../api/mailbox-filter';
import type { TInboxFilters } from '../../api/list-mails';

/** The on/off filters, as chips. */
export const FLAG_FILTERS = ['isUnread', 'isUnmapped', 'isFailed', 'isMine'] as const;
export type TFlagFilter = (typeof FLAG_FILTERS)[number];

/** Reads the inbox's filters from the URL, keeping only values the call takes. */
export const readInboxFilters = (params: URLSearchParams): TInboxFilters => {
  const filters: TInboxFilters = {};
  for (const flag of FLAG_FILTERS) if (params.get(flag) === 'true') filters[flag] = true;
  const mailbox = Number(params.get('mailboxId'));
  if (Number.isInteger(mailbox) && mailbox > 0) filters.mailboxId = mailbox;
  const type = ZMailLogType.safeParse(params.get('mailLogType'));
  if (type.success) filters.mailLogType = type.data;
  return filters;
};

interface Props {
  filters: TInboxFilters;
  onChange: (key: keyof TInboxFilters, value: string | boolean | null) => void;
  canFilterMailbox: boolean;
}

/** Unread, unmapped, failed, on my cases; the mailbox and the kind of mail. */
export function InboxFilters({ filters, onChange, canFilterMailbox }: Props) {
  const { t } = useTranslation('inbox');
  const mailboxes = useMailboxFilter(canFilterMailbox);
  return (
    <Group gap="xs" wrap="wrap" data-testid="inbox-filters">
      {FLAG_FILTERS.map((flag) => (
        <Chip
          key={flag}
          size="sm"
          checked={filters[flag] === true}
          onChange={(checked) => onChange(flag, checked)}
          data-testid={`filter-${flag}`}
        >
          {t(`filters.${flag}`)}
        </Chip>
      ))}
      <Select
        size="xs"
        w={150}
        aria-label={t('filters.mailLogType')}
        placeholder={t('filters.allTypes')}
        clearable
        value={filters.mailLogType ?? null}
        data={ZMailLogType.options.map((type: TMailLogType) => ({
          value: type,
          label: t(`mailLogType.${type}`),
        }))}
        onChange={(value) => onChange('mailLogType', value)}
        data-testid="filter-mailLogType"
      />
      {mailboxes.data && mailboxes.data.length > 1 && (
        <Select
          size="xs"
          w={220}
          aria-label={t('filters.mailbox')}
          placeholder={t('filters.allMailboxes')}
          clearable
          value={filters.mailboxId ? String(filters.mailboxId) : null}
          data={mailboxes.data.map((m) => ({ value: String(m.id), label: m.address }))}
          onChange={(value) => onChange('mailboxId', value)}
          data-testid="filter-mailbox"
        />
      )}
    </Group>
  );
}
