import { Button, Paper } from '@mantine/core';
import { IconAlertCircle, IconFolderOpen, IconPlus, IconSearchOff } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { CASE_PAGE_SIZE, type TCaseListType, type TSortableColumn } from '@claimdesk/contracts';
import { EmptyState } from '../../../components/ui/empty-state';
import { PageHeader } from '../../../components/ui/page-header';
import { useShell } from '../../../lib/shell-context';
import { useWorkflowConfig } from '../../../lib/config-queries';
import { useCases } from '../api/list-cases';
import { CaseListFilters } from '../components/case-list-filters';
import { CaseListTable } from '../components/case-list-table';
import { ListPager } from '../components/list-pager';
import { useFormChoices } from '../hooks/use-form-choices';
import { useListParams } from '../hooks/use-list-params';
import { useWorkflowName } from '../hooks/use-workflow-name';

/** /cases/{type}/{workFlow}: the open or archive list of one workflow. */
export function CasesListRoute({ type, workFlow }: { type: TCaseListType; workFlow: string }) {
  const { t } = useTranslation('cases');
  const { grantType, features } = useShell();
  const columnsConfig = useWorkflowConfig('list-columns', workFlow, grantType);
  const filtersConfig = useWorkflowConfig('search-filters', workFlow, grantType);
  const statusOptions = useWorkflowConfig('status-options', workFlow, grantType);
  const choices = useFormChoices(statusOptions.data, null);
  const workflowName = useWorkflowName(workFlow);
  const { params, setParams, activeFilters } = useListParams(type, workFlow);
  const paramsKey = JSON.stringify(params);
  const [paging, setPaging] = useState<{ key: string; cursors: (string | undefined)[] }>({
    key: paramsKey,
    cursors: [undefined],
  });
  const cursors = paging.key === paramsKey ? paging.cursors : [undefined];
  const cursor = cursors[cursors.length - 1];
  const list = useCases({ ...params, limit: CASE_PAGE_SIZE, ...(cursor ? { cursor } : {}) });
  const columns = useMemo(
    () => (columnsConfig.data ?? []).filter((c) => !c.feature || features[c.feature]),
    [columnsConfig.data, features],
  );
  const sort = params.sort ?? 'updatedAt';
  const direction = params.direction ?? 'desc';
  const assigneeName = (username: string) =>
    choices.assignees.find((a) => a.value === username)?.label ?? username;
  const rows = list.data?.items;
  const isFiltered = Boolean(params.search) || activeFilters > 0;

  const onSort = (column: TSortableColumn) =>
    setParams({ sort: column, direction: sort === column && direction === 'desc' ? 'asc' : 'desc' });

  const newButton = (
    <Button
      component={Link}
      to={`/cases/open/${workFlow}/new`}
      leftSection={<IconPlus size={18} aria-hidden />}
    >
      {t('list.new')}
    </Button>
  );

  return (
    <>
      <PageHeader
        title={t('common:screens.casesOf', {
          list: t(type === 'open' ? 'common:menu.open' : 'common:menu.archive'),
          workflow: workflowName,
        })}
        actions={newButton}
      />
      <Paper withBorder p="md">
        {filtersConfig.data && (
          <CaseListFilters
            filters={filtersConfig.data}
            features={features}
            params={params}
            setParams={setParams}
            statusOptions={statusOptions.data}
            assignees={choices.assignees}
            itemTypes={choices.itemTypes}
            activeFilters={activeFilters}
          />
        )}
        {list.isError && !rows ? (
          <EmptyState
            icon={<IconAlertCircle size={32} />}
            title={t('list.failedTitle')}
            description={t('list.failed')}
            action={
              <Button variant="light" onClick={() => void list.refetch()}>
                {t('common:actions.retry')}
              </Button>
            }
          />
        ) : rows?.length === 0 && !list.isPlaceholderData ? (
          isFiltered ? (
            <EmptyState
              icon={<IconSearchOff size={32} />}
              title={t('list.noMatchTitle')}
              description={t('list.noMatch')}
            />
          ) : (
            <EmptyState
              icon={<IconFolderOpen size={32} />}
              title={t(type === 'open' ? 'list.emptyOpenTitle' : 'list.emptyArchiveTitle')}
              description={t(type === 'open' ? 'list.emptyOpen' : 'list.emptyArchive')}
              action={type === 'open' ? newButton : undefined}
            />
          )
        ) : (
          <>
            <CaseListTable
              columns={columns}
              rows={rows}
              isLoading={!rows || columns.length === 0}
              isStale={list.isPlaceholderData}
              statusOptions={statusOptions.data}
              assigneeName={assigneeName}
              detailPath={(row) => `/cases/${type}/${workFlow}/${row.id}`}
              sort={sort}
              direction={direction}
              onSort={onSort}
            />
            <ListPager
              page={cursors.length}
              rowCount={rows?.length ?? 0}
              pageSize={CASE_PAGE_SIZE}
              hasNext={Boolean(list.data?.nextCursor)}
              isFetching={list.isFetching}
              onPrevious={() => setPaging({ key: paramsKey, cursors: cursors.slice(0, -1) })}
              onNext={() =>
                list.data?.nextCursor &&
                setPaging({ key: paramsKey, cursors: [...cursors, list.data.nextCursor] })
              }
            />
          </>
        )}
      </Paper>
    </>
  );
}
