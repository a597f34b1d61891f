import { Button, Group, Paper, Switch, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { modals } from '@mantine/modals';
import { IconPlus, IconSearch, IconTruck, IconUpload } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate } from 'react-router';
import type { TSupplier } from '@claimdesk/contracts';
import { EmptyState } from '../../../components/ui/empty-state';
import { ExportCsvButton } from '../../../components/ui/export-csv-button';
import { PageHeader } from '../../../components/ui/page-header';
import { useJsonConfig } from '../../../lib/config-queries';
import { canOpen } from '../../../lib/menu-rules';
import { notifySuccess } from '../../../lib/notify';
import { useSession } from '../../../lib/session';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useDeleteSupplier } from '../api/delete-supplier';
import { useSuppliers } from '../api/list-suppliers';
import { useSuppliersBase } from '../api/supplier-source';
import { SupplierFormModal } from '../components/supplier-form-modal';
import { SupplierImportModal } from '../components/supplier-import-modal';
import { SuppliersTable } from '../components/suppliers-table';

/** /suppliers: the suppliers the store uses, with search; administrators create, edit, import and export. */
export function SuppliersRoute() {
  const { t } = useTranslation(['suppliers', 'common']);
  const { identity, grantType } = useSession();
  const features = useJsonConfig('feature', grantType);
  const base = useSuppliersBase();
  const [search, setSearch] = useState('');
  const [includeDisabled, setIncludeDisabled] = useState(false);
  const [debounced] = useDebouncedValue(search, 250);
  const suppliers = useSuppliers(base, { search: debounced, includeDisabled });
  const remove = useDeleteSupplier();
  const [editing, setEditing] = useState<{ supplier: TSupplier | null } | null>(null);
  const [isImporting, setImporting] = useState(false);
  useDocumentTitle(t('title'));
  const isAllowed =
    identity && canOpen('suppliers', { authorities: identity.authorities, grantType: grantType ?? '' });
  if (!isAllowed) return <Navigate to="/access-denied" replace />;
  if (features.data && !features.data.supplier) return <Navigate to="/" replace />;

  const confirmDelete = (supplier: TSupplier) =>
    modals.openConfirmModal({
      title: t('deleteTitle'),
      children: <Text size="sm">{t('deleteQuestion', { name: supplier.name })}</Text>,
      labels: { confirm: t('delete'), cancel: t('common:actions.cancel') },
      confirmProps: { color: 'red.9' },
      closeButtonProps: { 'aria-label': t('common:actions.close') },
      onConfirm: () =>
        base &&
        remove.mutate(
          { base, id: supplier.id },
          {
            onSuccess: (r) =>
              notifySuccess(
                t(r.outcome === 'deleted' ? 'deleted' : 'disabledInstead', { name: supplier.name }),
              ),
          },
        ),
    });

  return (
    <>
      <PageHeader
        title={t('title')}
        description={t('description')}
        actions={
          <>
            <Button
              variant="default"
              leftSection={<IconUpload size={18} aria-hidden />}
              onClick={() => setImporting(true)}
            >
              {t('import.open')}
            </Button>
            {/* The suppliers as listed now, in the columns the import reads back (server-written). */}
            <ExportCsvButton
              path="/v2/api/exports/suppliers"
              params={{ search: debounced, includeDisabled }}
              fileName="suppliers.csv"
              label={t('export')}
            />
            <Button
              leftSection={<IconPlus size={18} aria-hidden />}
              onClick={() => setEditing({ supplier: null })}
            >
              {t('new')}
            </Button>
          </>
        }
      />
      <Paper withBorder p="md">
        <Group mb="md" gap="md" wrap="wrap">
          <TextInput
            value={search}
            onChange={(e) => setSearch(e.currentTarget.value)}
            placeholder={t('searchPlaceholder')}
            aria-label={t('search')}
            leftSection={<IconSearch size={16} aria-hidden />}
            style={{ flex: '1 1 260px' }}
            maxLength={200}
          />
          <Switch
            checked={includeDisabled}
            onChange={(e) => setIncludeDisabled(e.currentTarget.checked)}
            label={t('showDisabled')}
          />
        </Group>
        {suppliers.data?.length === 0 ? (
          <EmptyState
            icon={<IconTruck size={32} />}
            title={t(debounced ? 'noMatchTitle' : 'emptyTitle')}
            description={t(debounced ? 'noMatch' : 'empty')}
          />
        ) : (
          <SuppliersTable
            suppliers={suppliers.data}
            isLoading={suppliers.isLoading || base === null}
            canEdit
            onEdit={(supplier) => setEditing({ supplier })}
            onDelete={confirmDelete}
          />
        )}
      </Paper>
      {editing && base && (
        <SupplierFormModal base={base} supplier={editing.supplier} onClose={() => setEditing(null)} />
      )}
      {isImporting && base && <SupplierImportModal base={base} onClose={() => setImporting(false)} />}
    </>
  );
}
