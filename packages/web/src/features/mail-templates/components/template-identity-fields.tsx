import { Badge, Code, Group, Select, SimpleGrid, TextInput } from '@mantine/core';
import { Controller, type Control, type FieldErrors, type UseFormRegister } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { SEND_TYPES, type TMailTemplate } from '@claimdesk/contracts';
import type { TEditorTarget, TTemplateForm } from '../lib/editor-target';
import type { TWorkflowOption } from './use-workflow-options';

interface Props {
  target: TEditorTarget;
  control: Control<TTemplateForm>;
  register: UseFormRegister<TTemplateForm>;
  errors: FieldErrors<TTemplateForm>;
  workflows: TWorkflowOption[];
}

/** What a template is for: its key, workflow, send type and language; fixed once it exists. */
export function TemplateIdentityFields({ target, control, register, errors, workflows }: Props) {
  const { t } = useTranslation('mailTemplates');
  if (target.kind === 'existing') return <IdentityBadges template={target.template} workflows={workflows} />;
  const isFixed = target.base !== null;
  const sendTypes = SEND_TYPES.map((s) => ({ value: s, label: t(`sendType.${s}`) }));
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
      <TextInput
        {...register('key')}
        label={t('editor.key')}
        description={t('editor.keyHint')}
        error={errors.key?.message}
        readOnly={isFixed}
        required
        data-autofocus={!isFixed || undefined}
        styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
      />
      <Controller
        control={control}
        name="language"
        render={({ field }) => (
          <Select
            label={t('editor.language')}
            data={target.languages.map((l) => ({ value: l, label: t(`common:language.names.${l}`) }))}
            value={field.value}
            onChange={(value) => value && field.onChange(value)}
            error={errors.language?.message}
            allowDeselect={false}
            required
          />
        )}
      />
      <Controller
        control={control}
        name="workFlow"
        render={({ field }) => (
          <Select
            label={t('editor.workFlow')}
            data={workflows}
            value={field.value}
            onChange={(value) => value && field.onChange(value)}
            error={errors.workFlow?.message}
            readOnly={isFixed}
            allowDeselect={false}
            required
          />
        )}
      />
      <Controller
        control={control}
        name="sendType"
        render={({ field }) => (
          <Select
            label={t('editor.sendType')}
            data={sendTypes}
            value={field.value}
            onChange={(value) => value && field.onChange(value)}
            error={errors.sendType?.message}
            readOnly={isFixed}
            allowDeselect={false}
            required
          />
        )}
      />
    </SimpleGrid>
  );
}

function IdentityBadges({ template, workflows }: { template: TMailTemplate; workflows: TWorkflowOption[] }) {
  const { t } = useTranslation('mailTemplates');
  const workflow = workflows.find((w) => w.value === template.workFlow)?.label ?? template.workFlow;
  return (
    <Group gap="xs" wrap="wrap" data-testid="template-identity">
      <Code fz="sm">{template.key}</Code>
      <Badge variant="light" tt="none">
        {workflow}
      </Badge>
      <Badge variant="light" color="grape" tt="none">
        {t(`sendType.${template.sendType}`)}
      </Badge>
      <Badge variant="outline" color="gray.8" tt="none">
        {t(`common:language.names.${template.language}`)}
      </Badge>
      <Badge variant="dot" color={stateColor(template)} tt="none">
        {t(`state.${templateState(template)}`)}
      </Badge>
    </Group>
  );
}

export type TTemplateState = 'builtIn' | 'changed' | 'own' | 'disabled';

export const templateState = (template: TMailTemplate): TTemplateState =>
  template.isBuiltIn ? 'builtIn' : template.isDisabled ? 'disabled' : template.hasBuiltIn ? 'changed' : 'own';

export const stateColor = (template: TMailTemplate): string =>
  ({ builtIn: 'gray', changed: 'blue.8', own: 'teal.9', disabled: 'orange.9' })[templateState(template)];
