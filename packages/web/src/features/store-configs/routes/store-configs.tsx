import { Alert, Badge, Box, Button, Skeleton, Stack } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useSearchParams } from 'react-router';
import { PageHeader } from '../../../components/ui/page-header';
import { hasAnyRole } from '../../../lib/constants';
import { MENU_ROLES } from '../../../lib/menu-rules';
import { useSession } from '../../../lib/session';
import { useStoreSetting } from '../../../lib/config-queries';
import { useProperties, type TPropertyLevel } from '../api/list-properties';
import { DocumentEditor } from '../components/document-editor';
import { DocumentList } from '../components/document-list';
import { buildCatalog } from '../lib/document-catalog';
import classes from './store-configs.module.css';
import { useDocumentTitle } from '../../../lib/use-document-title';

/** /settings/store-configs: every configuration document of the store, for super administrators. */
export function StoreConfigsRoute() {
  const { identity } = useSession();
  const isAllowed = hasAnyRole(identity?.authorities ?? [], MENU_ROLES['store-configs']);
  if (!isAllowed) return <Navigate to="/access-denied" replace />;
  return <StoreConfigs />;
}

function StoreConfigs() {
  const { t } = useTranslation('settings');
  useDocumentTitle(t('storeConfigs.title'));
  const [params, setParams] = useSearchParams();
  const setting = useStoreSetting();
  // With an external supplier source the store's configuration is the company's (source, section 7).
  const level: TPropertyLevel | null = setting.data
    ? setting.data.supplierSource === 'external'
      ? 'company'
      : 'store'
    : null;
  const storeDocs = useProperties('store', true);
  const companyDocs = useProperties('company', true);
  const groups = useMemo(
    () =>
      level && storeDocs.data && companyDocs.data
        ? buildCatalog(storeDocs.data, companyDocs.data, level)
        : null,
    [level, storeDocs.data, companyDocs.data],
  );
  const selected = params.get('doc') ?? 'menu';
  const entry = groups?.flatMap((g) => g.entries).find((e) => e.name === selected) ?? null;
  const isError = setting.isError || storeDocs.isError || companyDocs.isError;

  return (
    <>
      <PageHeader
        title={t('storeConfigs.title')}
        description={t('storeConfigs.description')}
        actions={
          level && (
            <Badge
              variant="light"
              color={level === 'company' ? 'blue' : 'orange'}
              size="lg"
              tt="none"
              fw={600}
              data-testid="config-level"
            >
              {level === 'company'
                ? t('storeConfigs.levelCompany', { company: setting.data?.companyName })
                : t('storeConfigs.levelStore')}
            </Badge>
          )
        }
      />
      {isError ? (
        <Alert
          color="red"
          variant="light"
          icon={<IconAlertTriangle size={18} />}
          title={t('storeConfigs.loadFailed')}
        >
          <Button
            size="xs"
            variant="light"
            color="red.9"
            mt="xs"
            onClick={() => void Promise.all([setting.refetch(), storeDocs.refetch(), companyDocs.refetch()])}
          >
            {t('common:actions.retry')}
          </Button>
        </Alert>
      ) : (
        <Box className={classes.layout}>
          {groups && level ? (
            <>
              <DocumentList groups={groups} selected={selected} onSelect={(doc) => setParams({ doc })} />
              {entry ? (
                <DocumentEditor key={`${level}:${entry.name}`} entry={entry} level={level} />
              ) : (
                <Alert color="gray" variant="light">
                  {t('storeConfigs.unknownDocument', { name: selected })}
                </Alert>
              )}
            </>
          ) : (
            <>
              <Skeleton height={520} radius="md" />
              <Stack gap="md">
                <Skeleton height={48} radius="md" />
                <Skeleton height={420} radius="md" />
              </Stack>
            </>
          )}
        </Box>
      )}
    </>
  );
}
