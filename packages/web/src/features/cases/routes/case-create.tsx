import { Alert, Button, Group, Paper, Skeleton, Stack } from '@mantine/core';
import { IconEye, IconPlus } from '@tabler/icons-react';
import { useMemo } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { PageHeader } from '../../../components/ui/page-header';
import { notifySuccess } from '../../../lib/notify';
import { useShell } from '../../../lib/shell-context';
import { useCreateCase } from '../api/create-case';
import { CaseFormGroups } from '../components/case-form-groups';
import { useCaseConfig } from '../hooks/use-case-config';
import { useClaimDraft } from '../hooks/use-claim-draft';
import { useFormChoices } from '../hooks/use-form-choices';
import { useWorkflowName } from '../hooks/use-workflow-name';
import {
  toFormValues,
  toRequestFields,
  visibleFields,
  visibleGroups,
  type TCaseFormValues,
} from '../lib/form-values';
import type { TCaseParts } from '../lib/case-parts';
import { applyCaseErrors } from '../lib/server-errors';
import type { TFormConfig, TStatusOptionsConfig } from '@claimdesk/contracts';
import { useDocumentTitle } from '../../../lib/use-document-title';

function CreateForm({
  workFlow,
  form,
  statusOptions,
  isPreview,
  supplierPicker,
}: {
  workFlow: string;
  form: TFormConfig;
  statusOptions: TStatusOptionsConfig;
  isPreview: boolean;
  supplierPicker: TCaseParts['supplierPicker'];
}) {
  const { t } = useTranslation('cases');
  const navigate = useNavigate();
  const { features } = useShell();
  const fields = useMemo(() => visibleFields(form, features), [form, features]);
  const groups = useMemo(() => visibleGroups(form, features), [form, features]);
  const choices = useFormChoices(statusOptions, null);
  // Field errors go onto the fields; the rest is one toast from the screen's handler.
  const create = useCreateCase({ mutationConfig: { meta: { handlesErrors: true } } });
  const methods = useForm<TCaseFormValues>({
    defaultValues: toFormValues(form, null, statusOptions.initial),
    mode: 'onTouched',
  });
  const listPath = `/cases/open/${workFlow}`;
  const draft = useClaimDraft({
    draftKey: `new-${workFlow}`,
    form: methods,
    isEnabled: features.draftClaim && !isPreview,
    subject: t('create.title'),
  });

  const onSubmit = methods.handleSubmit((values) => {
    const { customer, ...rest } = toRequestFields(values, fields);
    create.mutate(
      { ...rest, customer: customer ?? { name: values.customer.name.trim() }, workFlow },
      {
        onSuccess: (created) => {
          draft.finish();
          notifySuccess(t('create.done', { number: created.caseNumber }));
          void navigate(`${listPath}/${String(created.caseNumber)}`);
        },
        onError: (error) => applyCaseErrors(error, methods.setError, fields),
      },
    );
  });

  return (
    <form onSubmit={(e) => void onSubmit(e)} noValidate aria-label={t('create.title')}>
      <CaseFormGroups
        groups={groups}
        control={methods.control}
        choices={choices}
        supplierPicker={supplierPicker}
      />
      <Group justify="flex-end" mt="md">
        {!isPreview && (
          <Button component={Link} to={listPath} variant="default">
            {t('common:actions.cancel')}
          </Button>
        )}
        <Button type="submit" leftSection={<IconPlus size={18} aria-hidden />} loading={create.isPending}>
          {t('create.submit')}
        </Button>
      </Group>
    </form>
  );
}

/** /cases/open/{workFlow}/new, and the support-claim preview at /cases/open/support/new/preview. */
export function CaseCreateRoute({
  isPreview = false,
  supplierPicker,
}: {
  isPreview?: boolean;
  /** The suppliers feature's picker for the supplier field (app/routes/cases). */
  supplierPicker: TCaseParts['supplierPicker'];
}) {
  const { t } = useTranslation('cases');
  useDocumentTitle(t(isPreview ? 'create.previewTitle' : 'create.title'));
  const { workFlow = 'claim' } = useParams();
  const workflowName = useWorkflowName(workFlow);
  const config = useCaseConfig(workFlow);
  return (
    <>
      <PageHeader
        title={t(isPreview ? 'create.previewTitle' : 'create.title')}
        description={t('create.description', { workflow: workflowName })}
      />
      {isPreview && (
        <Alert color="blue" variant="light" icon={<IconEye size={20} aria-hidden />} mb="md">
          {t('create.previewNotice')}
        </Alert>
      )}
      {config.form && config.statusOptions ? (
        <CreateForm
          workFlow={workFlow}
          form={config.form}
          statusOptions={config.statusOptions}
          isPreview={isPreview}
          supplierPicker={supplierPicker}
        />
      ) : (
        <Stack>
          {[160, 220, 180].map((h) => (
            <Paper withBorder p="md" key={h}>
              <Skeleton height={h} />
            </Paper>
          ))}
        </Stack>
      )}
    </>
  );
}
