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
import { Fragment, useEffect, useMemo, useRef, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate, useSearchParams } from 'react-router';
import type { TCase, TFormConfig, TStatusOptionsConfig, TTabsConfig } from '@claimdesk/contracts';
import { RoleGate } from '../../../components/ui/role-gate';
import { ADMIN_ROLES } from '../../../lib/constants';
import { isHttpError } from '../../../lib/http-error';
import { notifyError, notifySuccess, notifyUndoable } from '../../../lib/notify';
import { useShell } from '../../../lib/shell-context';
import { setCaseArchived, useSetCaseArchived } from '../api/archive-case';
import { onCaseChanged } from '../api/update-case';
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
import { fieldLabelKey, formFieldMap } from '../lib/field-labels';
import { mergeCaseValues, valueAt, type TFieldConflict } from '../lib/merge-case-values';
import { useConfigLabel } from '../hooks/use-config-label';
import type { TCaseParts } from '../lib/case-parts';
import { orderChanges } from '../lib/order-values';
import { CaseFormGroups } from './case-form-groups';
import { CaseHeader } from './case-header';
import { CaseTabPanel } from './case-tab-panel';
import { CaseTabs, placeGroups } from './case-tabs';
import { ConflictAlert } from './conflict-alert';
import { MergeNotice } from './merge-notice';
import { useSession } from '../../../lib/session';

interface Props {
  current: TCase;
  form: TFormConfig;
  statusOptions: TStatusOptionsConfig;
  tabs: TTabsConfig;
  /** Fetches the case again; answers the server's current version. */
  onReload: () => Promise<TCase | undefined>;
  /** What other features draw on the page (app/routes/cases composes them). */
  parts: TCaseParts;
}

/** The case detail: header, tabs with the configured form, save with the version, archive, reopen, delete. */
export function CaseEditor({ current, form, statusOptions, tabs, onReload, parts }: Props) {
  const { t } = useTranslation('cases');
  const navigate = useNavigate();
  const { features } = useShell();
  const fields = useMemo(() => visibleFields(form, features), [form, features]);
  const groups = useMemo(() => visibleGroups(form, features), [form, features]);
  const placed = useMemo(() => placeGroups(tabs, features, groups), [tabs, features, groups]);
  const choices = useFormChoices(statusOptions, current);
  const assignees = useAssignees();
  // A save puts field errors on the fields and a 409 in the conflict alert; archive shows the alert too.
  const update = useUpdateCase({ mutationConfig: { meta: { handlesErrors: true } } });
  const archive = useSetCaseArchived({ mutationConfig: { meta: { handlesErrors: true } } });
  const queryClient = useQueryClient();
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
  const { control, handleSubmit, reset, setError, setValue, getValues, formState } = methods;
  // A supplier's contact person (one-time code) may only read the case: no staff control is shown
  // that the server would refuse it (issue 35).
  const isContact = useSession().grantType === 'otp';
  const isReadOnly = current.isArchived || isContact;
  const [orderReference, customer] = useWatch({ control, name: ['orderReference', 'customer'] });
  const draft = useClaimDraft({
    draftKey: `case-${current.id}`,
    form: methods,
    isEnabled: features.draftClaim && !isReadOnly,
    subject: t('detail.title', { number: current.caseNumber }),
  });

  // A new version from the server (a save, a reload, another person's change pushed live)
  // becomes the form's starting point; the first one already is. Over unsaved edits (a restored
  // draft too) it is merged field by field (issue 35): what only the other person changed comes in,
  // what this person typed stays, and a field both changed is offered to choose.
  const shownVersion = useRef(current.version);
  const baseValues = useRef(toFormValues(form, current, statusOptions.initial));
  const [merge, setMerge] = useState<{ taken: number; conflicts: TFieldConflict[] } | null>(null);
  const mergeWith = (fresh: TCase) => {
    const theirs = toFormValues(form, fresh, statusOptions.initial);
    const mine = getValues();
    const result = mergeCaseValues(baseValues.current, mine, theirs);
    shownVersion.current = fresh.version;
    baseValues.current = theirs;
    reset(theirs);
    for (const path of [...result.kept, ...result.conflicts.map((c) => c.path)])
      setValue(path as never, valueAt(mine, path) as never, { shouldDirty: true });
    // The echo of one's own save, or a save of the same values, is no news.
    if (result.taken.length > 0 || result.conflicts.length > 0)
      setMerge({ taken: result.taken.length, conflicts: result.conflicts });
  };
  useEffect(() => {
    if (shownVersion.current >= current.version || update.isPending) return;
    if (formState.isDirty) {
      mergeWith(current);
      return;
    }
    shownVersion.current = current.version;
    baseValues.current = toFormValues(form, current, statusOptions.initial);
    reset(baseValues.current);
  }, [current.version, formState.isDirty, update.isPending]); // eslint-disable-line react-hooks/exhaustive-deps
  const label = useConfigLabel();
  const fieldMap = useMemo(() => formFieldMap(form), [form]);
  const showValue = (path: string, value: unknown): string => {
    const text = (v: unknown): string =>
      typeof v === 'string'
        ? v
        : typeof v === 'number' || typeof v === 'boolean'
          ? String(v)
          : JSON.stringify(v);
    if (value === null || value === undefined || value === '') return '—';
    if (path === 'status') {
      const option = statusOptions.statuses.find((o) => o.value === value);
      return option ? label(option.label) : text(value);
    }
    if (path === 'assignee')
      return assignees.data?.find((a) => a.username === value)?.fullName ?? text(value);
    if (Array.isArray(value))
      return value
        .map((v: unknown) =>
          v && typeof v === 'object' && 'productName' in v ? text(v.productName) : text(v),
        )
        .join(', ');
    const option = fieldMap.get(path)?.options?.find((o) => o.value === value);
    return option ? label(option.label) : text(value);
  };
  const choose = (conflict: TFieldConflict, side: 'mine' | 'theirs') => {
    if (side === 'theirs') setValue(conflict.path as never, conflict.theirs as never, { shouldDirty: true });
    setMerge((m) => m && { ...m, conflicts: m.conflicts.filter((c) => c.path !== conflict.path) });
  };

  const listPath = (archived: boolean) => `/cases/${archived ? 'archive' : 'open'}/${current.workFlow}`;
  // A contact is not given the staff's names and addresses: the assignee is "the store's staff".
  const assigneeName = (username: string) =>
    isContact
      ? t('list.assignedStaff')
      : (assignees.data?.find((a) => a.username === username)?.fullName ?? username);

  const onError = (error: unknown) => {
    const kind = applyCaseErrors(error, setError, fields);
    // A save that met a newer version (its live news missed): merge with it, nothing typed is lost.
    if (kind === 'conflict')
      void onReload().then(
        (fresh) => (fresh ? mergeWith(fresh) : setConflict(true)),
        () => setConflict(true),
      );
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
          baseValues.current = toFormValues(form, updated, statusOptions.initial);
          reset(baseValues.current);
          setMerge(null);
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
      setMerge(null);
      draft.clear();
      shownVersion.current = (fresh ?? current).version;
      baseValues.current = toFormValues(form, fresh ?? current, statusOptions.initial);
      reset(baseValues.current);
    } finally {
      setReloading(false);
    }
  };

  const onArchive = () =>
    archive.mutate(
      { id: current.id, version: current.version, archived: !current.isArchived },
      {
        onSuccess: (updated) => {
          const caseAt = (archived: boolean) => `${listPath(archived)}/${String(updated.caseNumber)}`;
          if (updated.isArchived)
            // Archive by mistake is one click from gone: the toast takes it back (Gmail's Undo).
            notifyUndoable(t('detail.archivedDone'), () => {
              setCaseArchived({ id: updated.id, version: updated.version, archived: false }).then(
                (reopened) => {
                  onCaseChanged(queryClient, reopened);
                  notifySuccess(t('detail.reopenedDone'));
                  void navigate(caseAt(false), { replace: true });
                },
                (error: unknown) => notifyError(error),
              );
            });
          else notifySuccess(t('detail.reopenedDone'));
          void navigate(caseAt(updated.isArchived), { replace: true });
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
        actions={isContact ? null : actions}
      />
      {isConflict && <ConflictAlert onReload={() => void reload()} isReloading={isReloading} />}
      {merge && (
        <MergeNotice
          taken={merge.taken}
          conflicts={merge.conflicts}
          labelOf={(path) => label(fieldLabelKey(path, fieldMap))}
          show={showValue}
          onChoose={choose}
          onDismiss={() => setMerge(null)}
        />
      )}
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
      {parts.banners.map((banner, i) => (
        <Fragment key={i}>{banner(current)}</Fragment>
      ))}
      {parts.orderPanel?.({
        lookFor: { number: orderReference, email: customer.email, phone: customer.phone },
        readOnly: isReadOnly,
        onUse: (order, lines) => {
          for (const change of orderChanges(getValues(), order, lines))
            setValue(change.path as never, change.value as never, { shouldDirty: true, shouldTouch: true });
        },
      })}
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
            wingTabs={parts.tabs}
            fieldsPanel={
              <CaseFormGroups
                groups={placed.byTab.get(tab.key) ?? []}
                control={control}
                choices={choices}
                readOnly={isReadOnly}
                supplierPicker={parts.supplierPicker}
              />
            }
          />
        )}
      />
    </form>
  );
}
