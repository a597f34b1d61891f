import { Anchor, Button, Group, Paper, Skeleton, Stack } from '@mantine/core';
import { IconArrowLeft, IconFileUnknown } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useEffect } from 'react';
import { Link, Navigate, useLocation, useParams } from 'react-router';
import { EmptyState } from '../../../components/ui/empty-state';
import { isHttpError } from '../../../lib/http-error';
import { usePresence } from '../../../lib/live';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useCase } from '../api/get-case';
import { CaseEditor } from '../components/case-editor';
import { caseAddress, useCaseRef } from '../hooks/use-case-address';
import { useCaseConfig } from '../hooks/use-case-config';
import type { TCaseParts } from '../lib/case-parts';

function DetailSkeleton() {
  return (
    <Stack gap="md" data-testid="case-detail-loading">
      <Paper withBorder p="md">
        <Skeleton height={28} width={220} mb="sm" />
        <Skeleton height={36} />
      </Paper>
      <Skeleton height={36} width={360} />
      <Paper withBorder p="md">
        <Skeleton height={260} />
      </Paper>
    </Stack>
  );
}

/**
 * /cases/{type}/{workFlow}/{caseNumber}: one case, on the list type it belongs to. An old address
 * with the case's id moves to the number's (useCaseRef).
 */
export function CaseDetailRoute({ parts }: { parts: TCaseParts }) {
  const { t } = useTranslation('cases');
  const { type, workFlow = 'claim', caseRef: segment } = useParams();
  const { search } = useLocation();
  const ref = useCaseRef(segment);
  const caseId = ref.kind === 'found' ? ref.id : 0;
  const query = useCase(caseId);
  const config = useCaseConfig(workFlow);
  useDocumentTitle(query.data ? t('detail.title', { number: query.data.caseNumber }) : null);
  // The others on the case see this person here while the page is open (issue 23, presence).
  usePresence(caseId, 'viewing');
  useEffect(() => {
    if (Number.isInteger(caseId) && caseId > 0) parts.prefetch(caseId);
  }, [caseId, parts]);
  if (ref.kind === 'invalid') return <Navigate to="/not-found" replace />;
  const current = query.data;
  const back = (
    <Anchor
      component={Link}
      to={`/cases/${type ?? 'open'}/${workFlow}`}
      size="sm"
      mb="sm"
      display="inline-block"
    >
      <Group gap={4}>
        <IconArrowLeft size={14} aria-hidden />
        {t('detail.back')}
      </Group>
    </Anchor>
  );
  if (ref.kind === 'error' || (query.isError && isHttpError(query.error) && query.error.status === 404)) {
    return (
      <>
        {back}
        <EmptyState
          icon={<IconFileUnknown size={32} />}
          title={t('detail.notFoundTitle')}
          description={t('detail.notFound')}
          action={
            <Button component={Link} to={`/cases/open/${workFlow}`} variant="light">
              {t('detail.back')}
            </Button>
          }
        />
      </>
    );
  }
  if (!current || !config.form || !config.statusOptions || !config.tabs) return <DetailSkeleton />;
  // A case opened under the other list type, another workflow or its old id moves to its own address.
  const ownType = current.isArchived ? 'archive' : 'open';
  if (type !== ownType || workFlow !== current.workFlow || (ref.kind === 'found' && ref.isOldAddress))
    return <Navigate to={`${caseAddress(current)}${search}`} replace />;
  return (
    <>
      {back}
      <CaseEditor
        key={current.id}
        current={current}
        form={config.form}
        statusOptions={config.statusOptions}
        tabs={config.tabs}
        onReload={async () => (await query.refetch()).data}
        parts={parts}
      />
    </>
  );
}
