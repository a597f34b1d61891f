import { Badge, SimpleGrid, Skeleton, Text } from '@mantine/core';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { TMyDeskResponse } from '@claimdesk/contracts';
import { errorTextClass } from '../../../components/ui/error-text';
import { PageHeader } from '../../../components/ui/page-header';
import { useShell } from '../../../lib/shell-context';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useMyDesk } from '../api/get-my-desk';
import { CaseRows } from './case-rows';
import { useStatusLookup } from './status-label';
import { Tile } from './tile';

type TDeskList = TMyDeskResponse['open'];

/** /dashboard for an agent: their own open cases, the late ones and those with unread mail. */
export function MyDesk() {
  const { t } = useTranslation('cases');
  const { grantType } = useShell();
  const desk = useMyDesk();
  const data = desk.data;
  const workFlows = useMemo(
    () =>
      [...new Set([...(data?.open.rows ?? []), ...(data?.unread.rows ?? [])].map((r) => r.workFlow))].sort(),
    [data],
  );
  const status = useStatusLookup(workFlows, grantType);
  useDocumentTitle(t('dashboard.deskTitle'));

  const tile = (key: 'open' | 'late' | 'unread', title: string, hint: string, empty: string) => {
    const list: TDeskList | undefined = data?.[key];
    return (
      <Tile testId={`tile-desk-${key}`} title={title} hint={hint}>
        {list ? (
          <>
            <Badge variant="light" color={key === 'late' && list.count > 0 ? 'red' : 'gray'} w="fit-content">
              <span data-testid={`desk-${key}-count`}>{list.count}</span>
            </Badge>
            <CaseRows rows={list.rows} empty={empty} status={status} testId={`desk-${key}`} />
            {list.count > list.rows.length && (
              <Text size="xs" c="dimmed">
                {t('dashboard.deskMore', { shown: list.rows.length, count: list.count })}
              </Text>
            )}
          </>
        ) : (
          <Skeleton h={220} />
        )}
      </Tile>
    );
  };

  return (
    <>
      <PageHeader title={t('dashboard.deskTitle')} description={t('dashboard.deskDescription')} />
      {desk.isError && (
        <Text className={errorTextClass} mb="md" role="alert">
          {t('dashboard.deskFailed')}
        </Text>
      )}
      <SimpleGrid cols={{ base: 1, lg: 3 }} spacing="md">
        {tile('open', t('dashboard.deskOpen'), t('dashboard.deskOpenHint'), t('dashboard.deskEmptyOpen'))}
        {tile(
          'late',
          t('dashboard.deskLate'),
          t('dashboard.deskLateHint', { count: data?.lateDays ?? 7 }),
          t('dashboard.deskEmptyLate'),
        )}
        {tile(
          'unread',
          t('dashboard.deskUnread'),
          t('dashboard.deskUnreadHint'),
          t('dashboard.deskEmptyUnread'),
        )}
      </SimpleGrid>
    </>
  );
}
