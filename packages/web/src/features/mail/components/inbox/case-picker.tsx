import { Alert, Badge, Group, Loader, Modal, Stack, Text, TextInput, UnstyledButton } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TCaseListRow } from '@claimdesk/contracts';
import { useCaseSearch } from '../../api/search-cases';
import classes from './case-picker.module.css';
import { useWorkflows } from './use-workflows';

export type TPickedCase = Pick<TCaseListRow, 'id' | 'caseNumber' | 'workFlow'>;

interface Props {
  opened: boolean;
  title: string;
  onClose: () => void;
  onPick: (picked: TPickedCase) => void;
  /** The case the mail is on now, left out of the choices. */
  currentCaseId?: number | null;
}

function Results({
  search,
  currentCaseId,
  onPick,
}: {
  search: string;
  currentCaseId?: number | null;
  onPick: Props['onPick'];
}) {
  const { t } = useTranslation('inbox');
  const { options, nameOf } = useWorkflows();
  const query = useCaseSearch(
    options.map((o) => o.value),
    search,
  );
  if (query.isPending) return <Loader size="sm" mx="auto" my="md" aria-label={t('picker.loading')} />;
  if (query.isError) return <Alert color="red">{t('errors.cases')}</Alert>;
  const rows = query.data.filter((row) => row.id !== currentCaseId);
  if (rows.length === 0)
    return (
      <Text size="sm" c="dimmed" ta="center" py="md">
        {t('picker.none')}
      </Text>
    );
  return (
    <Stack
      gap={4}
      role="list"
      aria-label={t('picker.results')}
      aria-busy={query.isPlaceholderData}
      opacity={query.isPlaceholderData ? 0.6 : 1}
    >
      {rows.map((row) => (
        <UnstyledButton
          key={row.id}
          role="listitem"
          className={classes.option}
          onClick={() => onPick(row)}
          data-testid={`pick-case-${String(row.id)}`}
        >
          <Group justify="space-between" wrap="nowrap">
            <Stack gap={0} miw={0}>
              <Text size="sm" fw={600}>
                #{row.caseNumber} · {row.customerName || t('picker.noCustomer')}
              </Text>
              <Text size="xs" c="dimmed" truncate="end">
                {[row.customerEmail, row.orderReference, row.itemsSummary].filter(Boolean).join(' · ')}
              </Text>
            </Stack>
            <Group gap={4} wrap="nowrap">
              {row.isArchived && (
                <Badge variant="outline" color="gray" size="sm">
                  {t('picker.archived')}
                </Badge>
              )}
              <Badge variant="light" size="sm">
                {nameOf(row.workFlow)}
              </Badge>
            </Group>
          </Group>
        </UnstyledButton>
      ))}
    </Stack>
  );
}

/** "Map to case…" and "Move to case…": the store's open cases, searched as the user types. */
export function CasePicker({ opened, title, onClose, onPick, currentCaseId }: Props) {
  const { t } = useTranslation('inbox');
  const [search, setSearch] = useState('');
  const listRef = useRef<HTMLDivElement>(null);
  const [debounced] = useDebouncedValue(search.trim(), 250);
  return (
    <Modal opened={opened} onClose={onClose} title={title} size="lg">
      <Stack gap="sm">
        <TextInput
          data-autofocus
          label={t('picker.label')}
          placeholder={t('picker.placeholder')}
          leftSection={<IconSearch size={16} aria-hidden />}
          value={search}
          maxLength={200}
          onChange={(event) => setSearch(event.currentTarget.value)}
          onKeyDown={(event) => {
            // Down moves into the results; Enter takes the first one.
            const options = listRef.current?.querySelectorAll<HTMLButtonElement>('button') ?? [];
            if (event.key === 'ArrowDown') options[0]?.focus();
            if (event.key === 'Enter' && options[0]) {
              event.preventDefault();
              options[0].click();
            }
          }}
        />
        <div
          ref={listRef}
          onKeyDown={(event) => {
            if (event.key !== 'ArrowDown' && event.key !== 'ArrowUp') return;
            const options = [...(listRef.current?.querySelectorAll<HTMLButtonElement>('button') ?? [])];
            const index = options.indexOf(document.activeElement as HTMLButtonElement);
            event.preventDefault();
            options[index + (event.key === 'ArrowDown' ? 1 : -1)]?.focus();
          }}
        >
          {opened && <Results search={debounced} currentCaseId={currentCaseId} onPick={onPick} />}
        </div>
      </Stack>
    </Modal>
  );
}
