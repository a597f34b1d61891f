import { Button, Group, Text } from '@mantine/core';
import { IconChevronLeft, IconChevronRight } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

interface Props {
  page: number;
  rowCount: number;
  pageSize: number;
  hasNext: boolean;
  isFetching: boolean;
  /**
   * The rows shown are an earlier answer's (the page before, or the list before a filter changed),
   * kept dimmed while this one loads. The count waits for this page's rows: it would put this
   * page's number on rows of another.
   */
  isStale: boolean;
  onPrevious: () => void;
  onNext: () => void;
}

/** Keyset paging: the next page by the server's cursor, the previous one by the cursors already seen. */
export function ListPager({
  page,
  rowCount,
  pageSize,
  hasNext,
  isFetching,
  isStale,
  onPrevious,
  onNext,
}: Props) {
  const { t } = useTranslation('cases');
  const first = (page - 1) * pageSize + 1;
  return (
    <Group justify="space-between" mt="md" data-testid="list-pager">
      <Text size="sm" c="dimmed" aria-live="polite">
        {rowCount > 0 && !isStale ? t('list.showing', { from: first, to: first + rowCount - 1, page }) : ''}
      </Text>
      <Group gap="xs">
        <Button
          variant="default"
          size="sm"
          leftSection={<IconChevronLeft size={16} aria-hidden />}
          disabled={page <= 1 || isFetching}
          onClick={onPrevious}
        >
          {t('list.previous')}
        </Button>
        <Button
          variant="default"
          size="sm"
          rightSection={<IconChevronRight size={16} aria-hidden />}
          disabled={!hasNext || isFetching}
          onClick={onNext}
        >
          {t('list.next')}
        </Button>
      </Group>
    </Group>
  );
}
