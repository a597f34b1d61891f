import { Button, Paper } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconAlertCircle, IconFilterOff, IconFolderOpen, IconPlus, IconSearchOff } from '@tabler/icons-react';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate } from 'react-router';
import { CASE_PAGE_SIZE, type TCaseListType, type TSortableColumn } from '@claimdesk/contracts';
import { EmptyState } from '../../../components/ui/empty-state';
import { ExportCsvButton } from '../../../components/ui/export-csv-button';
import { PageHeader } from '../../../components/ui/page-header';
import { useShell } from '../../../lib/shell-context';
import { useWorkflowConfig } from '../../../lib/config-queries';
import { isHttpError } from '../../../lib/http-error';
import { useCases } from '../api/list-cases';
import { CaseListCards } from '../components/case-list-cards';
import { CaseListFilters } from '../components/case-list-filters';
import { CaseListTable } from '../components/case-list-table';
import { ListPager } from '../components/list-pager';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useFormChoices } from '../hooks/use-form-choices';
import { useConfigLabel } from '../hooks/use-config-label';
import { FILTER_PARAMS, useListParams } from '../hooks/use-list-params';
import { useWorkflowName } from '../hooks/use-workflow-name';
import { formFieldMap } from '../lib/field-labels';

/** /cases/{type}/{workFlow}: the open or archive list of one workflow. */
export function CasesListRoute({ type, workFlow }: { type: TCaseListType; workFlow: string }) {
  const { t } = useTranslation('cases');
  const { grantType, features } = useShell();
  const columnsConfig = useWorkflowConfig('list-columns', workFlow, grantType);
  const filtersConfig = useWorkflowConfig('search-filters', workFlow, grantType);
  const statusOptions = useWorkflowConfig('status-options', workFlow, grantType);
  // The form says how a custom column's value is written (a money field's minor units as an amount).
  const form = useWorkflowConfig('form', workFlow, grantType);
  const fields = useMemo(() => formFieldMap(form.data), [form.data]);
  const choices = useFormChoices(statusOptions.data, null);
  const workflowName = useWorkflowName(workFlow);
  const label = useConfigLabel();
  const { params, setParams, page, setPage, activeFilters } = useListParams(type, workFlow);
  const title = t('common:screens.casesOf', {
    list: t(type === 'open' ? 'common:menu.open' : 'common:menu.archive'),
    workflow: workflowName,
  });
  useDocumentTitle(title);
  const list = useCases({
    ...params,
    limit: CASE_PAGE_SIZE,
    ...(page.cursor ? { cursor: page.cursor } : {}),
  });
  const columns = useMemo(
    () => (columnsConfig.data ?? []).filter((c) => !c.feature || features[c.feature]),
    [columnsConfig.data, features],
  );
  const sort = params.sort ?? 'updatedAt';
  const direction = params.direction ?? 'desc';
  // A contact is not given the staff's names and addresses: the assignee is "the store's staff".
  const assigneeName = (username: string) =>
    grantType === 'password'
      ? (choices.assignees.find((a) => a.value === username)?.label ?? username)
      : t('list.assignedStaff');
  const rows = list.data?.items;
  // Below 768 px the columns do not fit: each case is a card instead of a row.
  const isPhone = useMediaQuery('(max-width: 47.99em)', false, { getInitialValueInEffect: false });
  const detailPath = (row: { caseNumber: number }) => `/cases/${type}/${workFlow}/${String(row.caseNumber)}`;
  const hasCustomColumns = columns.some((c) => c.key.startsWith('custom.'));
  const isListLoading = !rows || columns.length === 0 || (hasCustomColumns && form.isLoading);
  const isFiltered = Boolean(params.search) || activeFilters > 0;

  // A 400 means the address holds a value the server refuses (the browser drops those it knows
  // of): say which parameter, not "check your connection".
  const refused =
    list.isError && isHttpError(list.error) && list.error.status === 400
      ? Object.keys(list.error.fieldErrors)
      : null;
  const parameterName = (key: string): string => {
    if (key === 'search') return t('list.search');
    if (key === 'cursor') return t('list.param.page');
    if (key === 'sort' || key === 'direction' || key === 'limit') return t('list.param.sort');
    const filterKey = key === 'createdFrom' || key === 'createdTo' ? 'createdAt' : key;
    const filter = filtersConfig.data?.find((f) => f.key === filterKey);
    return filter ? label(filter.label) : key;
  };
  const refusedNames = [...new Set((refused ?? []).map(parameterName))];
  const isOnlyPageRefused = refused !== null && refused.length > 0 && refused.every((k) => k === 'cursor');
  const clearAll = () =>
    setParams(Object.fromEntries([...FILTER_PARAMS, 'sort', 'direction'].map((k) => [k, null])));

  // A workflow the store does not have (a typed or stale address) is not found, not a lost connection.
  if (list.isError && isHttpError(list.error) && list.error.status === 404 && !rows)
    return <Navigate to="/not-found" replace />;

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

  // Every page of the list as filtered, searched and sorted now (GET /v2/api/exports/cases).
  const exportButton = (
    <ExportCsvButton
      path="/v2/api/exports/cases"
      params={params}
      fileName={`cases-${workFlow}-${type}.csv`}
    />
  );

  return (
    <>
      <PageHeader
        title={title}
        actions={
          // Exports are for staff: a one-time-code contact is refused them (403).
          grantType === 'password' && (
            <>
              {exportButton}
              {newButton}
            </>
          )
        }
      />
      <Paper withBorder p="md">
        {filtersConfig.data && (
          <CaseListFilters
            // A one-time-code contact cannot list the item types to choose from.
            filters={
              grantType === 'password'
                ? filtersConfig.data
                : filtersConfig.data.filter((f) => f.key !== 'itemType')
            }
            features={features}
            params={params}
            setParams={setParams}
            statusOptions={statusOptions.data}
            assignees={choices.assignees}
            itemTypes={choices.itemTypes}
            activeFilters={activeFilters}
          />
        )}
        {refused && !rows ? (
          <EmptyState
            icon={<IconFilterOff size={32} />}
            title={t('list.refusedTitle')}
            description={
              refusedNames.length > 0
                ? t('list.refused', { names: refusedNames.join(', '), count: refusedNames.length })
                : t('list.refusedUnknown')
            }
            action={
              isOnlyPageRefused ? (
                <Button variant="light" onClick={() => setPage(undefined, [])}>
                  {t('list.firstPage')}
                </Button>
              ) : (
                <Button variant="light" onClick={clearAll}>
                  {t('list.clearFilters')}
                </Button>
              )
            }
          />
        ) : list.isError && !rows ? (
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
            {isPhone ? (
              <CaseListCards
                rows={rows}
                isLoading={!rows}
                isStale={list.isPlaceholderData}
                statusOptions={statusOptions.data}
                assigneeName={assigneeName}
                detailPath={detailPath}
              />
            ) : (
              <CaseListTable
                columns={columns}
                rows={rows}
                isLoading={isListLoading}
                isStale={list.isPlaceholderData}
                statusOptions={statusOptions.data}
                fields={fields}
                assigneeName={assigneeName}
                detailPath={detailPath}
                sort={sort}
                direction={direction}
                onSort={onSort}
              />
            )}
            <ListPager
              page={page.number}
              rowCount={rows?.length ?? 0}
              pageSize={CASE_PAGE_SIZE}
              hasNext={Boolean(list.data?.nextCursor)}
              isFetching={list.isFetching}
              isStale={list.isPlaceholderData}
              onPrevious={() => setPage(page.back.at(-1), page.back.slice(0, -1))}
              onNext={() => {
                const next = list.data?.nextCursor;
                if (next) setPage(next, page.cursor ? [...page.back, page.cursor] : []);
              }}
            />
          </>
        )}
      </Paper>
    </>
  );
}
