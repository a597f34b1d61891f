import { Alert, Button, Group, Menu, ActionIcon, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import {
  IconArchive,
  IconArrowBackUp,
  IconDeviceFloppy,
  IconDots,
  IconRestore,
  IconTrash,
} from '@tabler/icons-react';
import { use, useEffect, useMemo, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import type { TCase, TFormConfig, TStatusOptionsConfig, TTabsConfig } from '@claimdesk/contracts';
import { RoleGate } from '../../../components/ui/role-gate';
import { ADMIN_ROLES } from '../../../lib/constants';
import { isHttpError } from '../../../lib/http-error';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useShell } from '../../../lib/shell-context';
import { useSetCaseArchived } from '../api/archive-case';
import { useDeleteCase } from '../api/delete-case';
import { useAssignees } from '../api/list-assignees';
import { useUpdateCase } from '../api/update-case';
import { useClaimDraft } from '../hooks/use-claim-draft';
import { useFormChoices } from '../hooks/use-form-choices';
import {
  toFormValues,
  toRequestFields,
  visibleFields,
  visibleGroups,
  type TCaseFormValues,
} from '../lib/form-values';
import { applyCaseErrors } from '../lib/server-errors';
import { CaseFormGroups } from './case-form-groups';
import { CaseCostsSlot } from './case-costs-slot';
import { CaseSupplierSlot } from './case-supplier-slot';
import { CaseHeader } from './case-header';
import { CaseTabPanel } from './case-tab-panel';
import { CaseTabs, placeGroups } from './case-tabs';
import { ConflictAlert } from './conflict-alert';
import { CaseSendSlot } from './case-send-slot';

interface Props {
  current: TCase;
  form: TFormConfig;
  statusOptions: TStatusOptionsConfig;
  tabs: TTabsConfig;
  /** Fetches the case again; answers the server's current version. */
  onReload: () => Promise<TCase | undefined>;
}

/** The case detail: header, tabs with the configured form, save with the version, archive, reopen, delete. */
export function CaseEditor({ current, form, statusOptions, tabs, onReload }: Props) {
  const { t } = useTranslation('cases');
  const navigate = useNavigate();
  const { features } = useShell();
  const costsSlot = use(CaseCostsSlot);
  const supplierSlot = use(CaseSupplierSlot);
  const fields = useMemo(() => visibleFields(form, features), [form, features]);
  const groups = useMemo(() => visibleGroups(form, features), [form, features]);
  const placed = useMemo(() => placeGroups(tabs, features, groups), [tabs, features, groups]);
  const choices = useFormChoices(statusOptions, current);
  const sendSlot = use(CaseSendSlot);
  const assignees = useAssignees();
  // A save puts field errors on the fields and a 409 in the conflict alert; archive shows the alert too.
  const update = useUpdateCase({ mutationConfig: { meta: { handlesErrors: true } } });
  const archive = useSetCaseArchived({ mutationConfig: { meta: { handlesErrors: true } } });
  const remove = useDeleteCase();
  const [isConflict, setConflict] = useState(false);
  const [isReloading, setReloading] = useState(false);
  // The open tab is in the address (?tab=mails: a tab's key or kind), so a link opens the case on it.
  const [searchParams, setSearchParams] = useSearchParams();
  const asked = searchParams.get('tab');
  const activeTab =
    placed.visible.find((t) => t.key === asked)?.key ??
    placed.visible.find((t) => t.kind === asked)?.key ??
    null;
  const setActiveTab = (key: string) =>
    setSearchParams(
      (params) => {
        params.set('tab', key);
        return params;
      },
      { replace: true },
    );
  const methods = useForm<TCaseFormValues>({
    defaultValues: toFormValues(form, current, statusOptions.initial),
    mode: 'onTouched',
  });
  const { control, handleSubmit, reset, setError, formState } = methods;
  const isReadOnly = current.isArchived;
  const draft = useClaimDraft({
    draftKey: `case-${current.id}`,
    form: methods,
    isEnabled: features.draftClaim && !isReadOnly,
    subject: t('detail.title', { number: current.caseNumber }),
  });

  // A new version from the server (a save, a reload, another person's change pushed live)
  // becomes the form's starting point; the first one already is. Unsaved edits (a restored draft
  // too) are not overwritten: the form keeps the version it was based on, so their save meets the
  // conflict alert instead of undoing the other person's change.
  const shownVersion = useRef(current.version);
  useEffect(() => {
    if (shownVersion.current === current.version || formState.isDirty) return;
    shownVersion.current = current.version;
    reset(toFormValues(form, current, statusOptions.initial));
  }, [current.version, formState.isDirty]); // eslint-disable-line react-hooks/exhaustive-deps

  const listPath = (archived: boolean) => `/cases/${archived ? 'archive' : 'open'}/${current.workFlow}`;
  const assigneeName = (username: string) =>
    assignees.data?.find((a) => a.username === username)?.fullName ?? username;

  const onError = (error: unknown) => {
    const kind = applyCaseErrors(error, setError, fields);
    if (kind === 'conflict') setConflict(true);
    if (kind === 'fields' && isHttpError(error)) {
      const first = Object.keys(error.fieldErrors)[0] ?? '';
      const group = groups.find((g) =>
        g.fields.some((f) => f.key === first || (f.key === 'items' && first.startsWith('items.'))),
      );
      const tab = [...placed.byTab].find(([, gs]) => gs.some((g) => g.key === group?.key))?.[0];
      if (tab) setActiveTab(tab);
    }
  };

  const onSubmit = handleSubmit((values) => {
    update.mutate(
      { id: current.id, body: { ...toRequestFields(values, fields), version: shownVersion.current } },
      {
        onSuccess: (updated) => {
          shownVersion.current = updated.version;
          reset(toFormValues(form, updated, statusOptions.initial));
          draft.clear();
          notifySuccess(t('detail.saved'));
        },
        onError,
      },
    );
  });

  const reload = async () => {
    setReloading(true);
    try {
      const fresh = await onReload();
      setConflict(false);
      draft.clear();
      reset(toFormValues(form, fresh ?? current, statusOptions.initial));
    } finally {
      setReloading(false);
    }
  };

  const onArchive = () =>
    archive.mutate(
      { id: current.id, version: current.version, archived: !current.isArchived },
      {
        onSuccess: (updated) => {
          notifySuccess(t(updated.isArchived ? 'detail.archivedDone' : 'detail.reopenedDone'));
          void navigate(`${listPath(updated.isArchived)}/${String(updated.caseNumber)}`, { replace: true });
        },
        onError: (error) =>
          isHttpError(error) && error.status === 409 ? setConflict(true) : notifyError(error),
      },
    );

  const onDelete = () =>
    modals.openConfirmModal({
      title: t('delete.title'),
      children: <Text size="sm">{t('delete.question', { number: current.caseNumber })}</Text>,
      labels: { confirm: t('delete.confirm'), cancel: t('common:actions.cancel') },
      confirmProps: { color: 'red.9' },
      closeButtonProps: { 'aria-label': t('common:actions.close') },
      onConfirm: () =>
        remove.mutate(current.id, {
          onSuccess: () => {
            draft.finish();
            notifySuccess(t('delete.done', { number: current.caseNumber }));
            void navigate(listPath(current.isArchived), { replace: true });
          },
        }),
    });

  const actions = (
    <>
      {!isReadOnly && (
        <Button
          type="submit"
          form="case-form"
          leftSection={<IconDeviceFloppy size={18} aria-hidden />}
          loading={update.isPending}
          disabled={!formState.isDirty}
        >
          {t('detail.save')}
        </Button>
      )}
      <Button
        variant="default"
        leftSection={
          current.isArchived ? (
            <IconArrowBackUp size={18} aria-hidden />
          ) : (
            <IconArchive size={18} aria-hidden />
          )
        }
        onClick={onArchive}
        loading={archive.isPending}
        disabled={formState.isDirty}
        title={formState.isDirty ? t('detail.saveFirst') : undefined}
      >
        {t(current.isArchived ? 'detail.reopen' : 'detail.archive')}
      </Button>
      <RoleGate roles={ADMIN_ROLES}>
        <Menu position="bottom-end" withinPortal>
          <Menu.Target>
            <ActionIcon variant="default" size="lg" aria-label={t('detail.more')}>
              <IconDots size={18} aria-hidden />
            </ActionIcon>
          </Menu.Target>
          <Menu.Dropdown>
            <Menu.Item color="red.9" leftSection={<IconTrash size={16} aria-hidden />} onClick={onDelete}>
              {t('detail.delete')}
            </Menu.Item>
          </Menu.Dropdown>
        </Menu>
      </RoleGate>
    </>
  );

  return (
    <form id="case-form" onSubmit={(e) => void onSubmit(e)} noValidate>
      <CaseHeader
        current={current}
        form={form}
        statusOptions={statusOptions}
        assigneeName={assigneeName}
        actions={actions}
      />
      {isConflict && <ConflictAlert onReload={() => void reload()} isReloading={isReloading} />}
      {draft.isRestored && (
        <Alert
          color="orange"
          variant="light"
          mb="md"
          icon={<IconRestore size={20} aria-hidden />}
          data-testid="draft-restored"
        >
          <Group justify="space-between" wrap="wrap" gap="sm">
            <Text size="sm">{t('draft.restored')}</Text>
            <Button
              size="xs"
              variant="default"
              onClick={() => {
                draft.clear();
                reset(toFormValues(form, current, statusOptions.initial));
              }}
            >
              {t('draft.discard')}
            </Button>
          </Group>
        </Alert>
      )}
      {features.supplier && sendSlot?.renderBar(current)}
      {costsSlot?.renderDeadlines(current)}
      {supplierSlot?.renderCard(current)}
      <CaseTabs
        tabs={placed.visible}
        active={activeTab}
        onChange={setActiveTab}
        render={(tab) => (
          <CaseTabPanel
            tab={tab}
            current={current}
            form={form}
            statusOptions={statusOptions}
            assignees={assignees.data}
            fieldsPanel={
              <CaseFormGroups
                groups={placed.byTab.get(tab.key) ?? []}
                control={control}
                choices={choices}
                readOnly={isReadOnly}
              />
            }
          />
        )}
      />
    </form>
  );
}
