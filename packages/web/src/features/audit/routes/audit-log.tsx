import { Button, Center, Paper, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconHistory } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate } from 'react-router';
import type { TAuditAction, TAuditLogFilters } from '@claimdesk/contracts';
import { EmptyState } from '../../../components/ui/empty-state';
import { ExportCsvButton } from '../../../components/ui/export-csv-button';
import { PageHeader } from '../../../components/ui/page-header';
import { canOpen } from '../../../lib/menu-rules';
import { useSession } from '../../../lib/session';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { auditLogCsv } from '../api/download-audit-log';
import { useAuditLog } from '../api/list-audit-log';
import { AuditFilters, NO_FILTERS, type TAuditFilterValues } from '../components/audit-filters';
import { AuditTable } from '../components/audit-table';

/** The reader's time zone: the days of the date filters are their days. */
const TIME_ZONE = Intl.DateTimeFormat().resolvedOptions().timeZone;

/** The screen's filters as the API takes them (a range given backwards is put the right way round). */
function apiFilters(values: TAuditFilterValues): TAuditLogFilters {
  const [from, to] =
    values.from && values.to && values.to < values.from ? [values.to, values.from] : [values.from, values.to];
  return {
    ...(values.action && { action: values.action as TAuditAction }),
    ...(values.actor.trim() && { actor: values.actor.trim() }),
    ...(values.target.trim() && { target: values.target.trim() }),
    ...(from && { from }),
    ...(to && { to }),
    ...(TIME_ZONE && { timeZone: TIME_ZONE }),
  };
}

/** /settings/audit-log: who changed what in the store, for its administrators (issue 34.3). */
export function AuditLogRoute() {
  const { t } = useTranslation('audit');
  useDocumentTitle(t('title'));
  const { identity } = useSession();
  const [values, setValues] = useState<TAuditFilterValues>(NO_FILTERS);
  // Typing in the text filters asks once the typing pauses.
  const [debounced] = useDebouncedValue(values, 300);
  const filters = useMemo(() => apiFilters(debounced), [debounced]);
  const log = useAuditLog(filters);
  const entries = useMemo(() => log.data?.pages.flatMap((page) => page.items) ?? [], [log.data]);
  if (!identity || !canOpen('audit-log', identity)) return <Navigate to="/access-denied" replace />;

  const csv = auditLogCsv(filters);
  const isFiltered = Object.values(values).some(Boolean);
  return (
    <>
      <PageHeader
        title={t('title')}
        description={t('description')}
        actions={
          <ExportCsvButton
            path={csv.path}
            params={csv.params}
            fileName={csv.fileName}
            label={t('exportCsv')}
          />
        }
      />
      <AuditFilters values={values} onChange={setValues} />
      <Paper withBorder radius="md" p={{ base: 'xs', sm: 'md' }}>
        {!log.isPending && entries.length === 0 ? (
          <EmptyState
            icon={<IconHistory size={32} aria-hidden />}
            title={t(isFiltered ? 'emptyFiltered' : 'empty')}
          />
        ) : (
          <AuditTable entries={entries} isLoading={log.isPending} />
        )}
        {log.hasNextPage && (
          <Center mt="md">
            <Button
              variant="default"
              loading={log.isFetchingNextPage}
              onClick={() => void log.fetchNextPage()}
            >
              {t('loadMore')}
            </Button>
          </Center>
        )}
        {entries.length > 0 && (
          <Text size="xs" c="dimmed" ta="center" mt="sm" data-testid="audit-shown">
            {t('shown', { count: entries.length })}
          </Text>
        )}
      </Paper>
    </>
  );
}
