import { Alert, Button, Paper, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { IconArrowLeft, IconMailCog, IconPlus } from '@tabler/icons-react';
import { useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useSearchParams } from 'react-router';
import type { TLanguage, TMailTemplate } from '@claimdesk/contracts';
import { EmptyState } from '../../../components/ui/empty-state';
import { PageHeader } from '../../../components/ui/page-header';
import { ADMIN_ROLES, hasAnyRole } from '../../../lib/constants';
import { errorText } from '../../../lib/notify';
import { useSession } from '../../../lib/session';
import { useMailTemplates } from '../api/list-mail-templates';
import { TemplateEditor } from '../components/template-editor';
import { TemplateFilters } from '../components/template-filters';
import { TemplateList } from '../components/template-list';
import { useWorkflowOptions } from '../components/use-workflow-options';
import { filterGroups, groupTemplates, NO_FILTER, type TTemplateFilter } from '../lib/group-templates';
import { resolveTarget, targetId } from '../lib/resolve-target';
import { useDocumentTitle } from '../../../lib/use-document-title';

/** /settings/mail-templates: the store's mail templates per workflow, send type and language (administrators). */
export function MailTemplatesRoute() {
  const { t } = useTranslation('mailTemplates');
  useDocumentTitle(t('title'));
  const { identity } = useSession();
  // The server lets ADMIN_USER and the super administrators change templates.
  const isAdmin = hasAnyRole(identity?.authorities ?? [], ADMIN_ROLES);
  const templates = useMailTemplates(isAdmin);
  const [params, setParams] = useSearchParams();
  const [filter, setFilter] = useState<TTemplateFilter>(NO_FILTER);
  const [revision, setRevision] = useState(0);
  const isDirty = useRef(false);
  const inTemplates = useMemo(() => [...new Set(templates.data?.map((t) => t.workFlow))], [templates.data]);
  const { options: workflows, nameOf } = useWorkflowOptions(inTemplates);
  const groups = useMemo(() => templates.data && groupTemplates(templates.data), [templates.data]);
  if (!isAdmin) return <Navigate to="/access-denied" replace />;

  const target = templates.data ? resolveTarget(templates.data, params) : null;
  const open = (key: string, language: TLanguage) => setParams({ key, language });
  const toList = () => {
    isDirty.current = false;
    setParams({});
  };
  const leave = () => {
    if (!isDirty.current) return toList();
    modals.openConfirmModal({
      title: t('editor.leaveTitle'),
      children: <Text size="sm">{t('editor.leave')}</Text>,
      labels: { confirm: t('editor.discard'), cancel: t('editor.keepEditing') },
      confirmProps: { color: 'red.9' },
      closeButtonProps: { 'aria-label': t('common:actions.close') },
      onConfirm: toList,
    });
  };

  if (target !== null) {
    const title =
      target === 'missing'
        ? t('editor.missingTitle')
        : target.kind === 'existing'
          ? t('editor.editTitle', { key: target.template.key })
          : target.base
            ? t('editor.translateTitle', { key: target.base.key })
            : t('editor.newTitle');
    return (
      <>
        <Button
          variant="subtle"
          px={0}
          mb="xs"
          leftSection={<IconArrowLeft size={16} aria-hidden />}
          onClick={leave}
        >
          {t('editor.back')}
        </Button>
        <PageHeader title={title} />
        {target === 'missing' ? (
          <Alert color="orange">{t('editor.missing')}</Alert>
        ) : (
          <TemplateEditor
            key={`${targetId(target)}:${String(revision)}`}
            target={target}
            workflows={workflows}
            onDirtyChange={(dirty) => {
              isDirty.current = dirty;
            }}
            onSaved={(saved: TMailTemplate) => {
              isDirty.current = false;
              setParams({ key: saved.key, language: saved.language }, { replace: true });
            }}
            onDeleted={toList}
            onReload={() =>
              void templates.refetch().then(() => {
                isDirty.current = false;
                setRevision((r) => r + 1);
              })
            }
          />
        )}
      </>
    );
  }

  const shown = groups && filterGroups(groups, filter);
  return (
    <>
      <PageHeader
        title={t('title')}
        description={t('description')}
        actions={
          <Button leftSection={<IconPlus size={18} aria-hidden />} onClick={() => setParams({ new: '1' })}>
            {t('new')}
          </Button>
        }
      />
      <TemplateFilters filter={filter} onChange={setFilter} workflows={workflows} />
      {templates.isError ? (
        <Alert color="red" title={t('list.failed')}>
          <Text size="sm" mb="xs">
            {errorText(templates.error)}
          </Text>
          <Button size="compact-sm" variant="light" onClick={() => void templates.refetch()}>
            {t('common:actions.retry')}
          </Button>
        </Alert>
      ) : shown?.length === 0 ? (
        <Paper withBorder>
          <EmptyState
            icon={<IconMailCog size={32} />}
            title={t(groups?.length === 0 ? 'list.emptyTitle' : 'list.noMatchTitle')}
            description={t(groups?.length === 0 ? 'list.empty' : 'list.noMatch')}
            action={
              groups?.length === 0 ? undefined : (
                <Button variant="light" onClick={() => setFilter(NO_FILTER)}>
                  {t('filters.reset')}
                </Button>
              )
            }
          />
        </Paper>
      ) : (
        <TemplateList
          groups={shown}
          isLoading={templates.isLoading}
          language={filter.language}
          nameOf={nameOf}
          onOpen={open}
        />
      )}
    </>
  );
}
