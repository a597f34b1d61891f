import { Alert, Button, Center, Paper, Skeleton, Stack } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { mailErrorText } from './error-text';
import type { TListMail } from './mail-row';

interface Props {
  mails: TListMail[];
  isPending: boolean;
  error: unknown;
  onRetry: () => void;
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  onLoadMore: () => void;
  /** Shown when the list has no mail. */
  empty: ReactNode;
  renderRow: (mail: TListMail) => ReactNode;
  label: string;
}

/** A list of mails with its loading, error and empty states and keyset "Load more". */
export function MailList({
  mails,
  isPending,
  error,
  onRetry,
  hasNextPage,
  isFetchingNextPage,
  onLoadMore,
  empty,
  renderRow,
  label,
}: Props) {
  const { t } = useTranslation('inbox');
  if (isPending)
    return (
      <Stack gap="xs" data-testid="mail-list-loading">
        {[0, 1, 2, 3, 4].map((i) => (
          <Skeleton key={i} height={64} />
        ))}
      </Stack>
    );
  if (error && mails.length === 0)
    return (
      <Alert color="red" icon={<IconAlertCircle size={18} />} title={t('errors.listTitle')} role="alert">
        {mailErrorText(t, error)}
        <Button mt="sm" size="xs" variant="light" color="red" onClick={onRetry} display="block">
          {t('actions.retry')}
        </Button>
      </Alert>
    );
  if (mails.length === 0) return <>{empty}</>;
  return (
    <Paper withBorder>
      <div role="list" aria-label={label}>
        {mails.map((mail) => (
          <div role="listitem" key={mail.id}>
            {renderRow(mail)}
          </div>
        ))}
      </div>
      {hasNextPage && (
        <Center p="sm">
          <Button variant="default" size="sm" loading={isFetchingNextPage} onClick={onLoadMore}>
            {t('list.loadMore')}
          </Button>
        </Center>
      )}
    </Paper>
  );
}
