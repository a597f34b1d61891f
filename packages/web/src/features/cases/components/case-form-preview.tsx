import { Button, Group, Stack, Text } from '@mantine/core';
import { use, useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { ALL_FEATURES_ON, type TFormConfig, type TStatusOptionsConfig } from '@claimdesk/contracts';
import { ShellContext } from '../../../lib/shell-context';
import { toFormValues, visibleGroups, type TCaseFormValues } from '../lib/form-values';
import { CaseFormGroups } from './case-form-groups';

interface Props {
  form: TFormConfig;
  statusOptions: TStatusOptionsConfig | undefined;
}

/**
 * A case form as the case screen draws it, from a form being edited (the store's forms and lists):
 * the same fields, choices and rules; "Try the rules" shows what Save would refuse. Nothing is sent.
 */
export function CaseFormPreview({ form, statusOptions }: Props) {
  const { t } = useTranslation('cases');
  const features = use(ShellContext)?.features ?? ALL_FEATURES_ON;
  const groups = useMemo(() => visibleGroups(form, features), [form, features]);
  const { control, handleSubmit, clearErrors } = useForm<TCaseFormValues>({
    defaultValues: toFormValues(form, null, statusOptions?.initial ?? ''),
    mode: 'onTouched',
  });
  const [isValid, setValid] = useState<boolean | null>(null);
  const check = () =>
    void handleSubmit(
      () => setValid(true),
      () => setValid(false),
    )();
  return (
    <Stack gap="sm">
      <CaseFormGroups
        groups={groups}
        control={control}
        choices={{ statusOptions, assignees: [], itemTypes: [] }}
      />
      <Group gap="sm">
        <Button variant="light" size="compact-sm" onClick={check}>
          {t('form.preview.check')}
        </Button>
        <Button
          variant="subtle"
          size="compact-sm"
          onClick={() => {
            clearErrors();
            setValid(null);
          }}
        >
          {t('form.preview.clear')}
        </Button>
        {isValid !== null && (
          <Text size="sm" c={isValid ? 'teal.8' : 'red.8'} role="status">
            {t(isValid ? 'form.preview.valid' : 'form.preview.invalid')}
          </Text>
        )}
      </Group>
    </Stack>
  );
}
