import { Grid, Paper, Stack, Title } from '@mantine/core';
import { use } from 'react';
import type { Control } from 'react-hook-form';
import type { TFormField, TFormGroup, TStatusOptionsConfig } from '@claimdesk/contracts';
import { ShellContext } from '../../../lib/shell-context';
import { useConfigLabel } from '../hooks/use-config-label';
import { isStatusDimension, type TCaseFormValues } from '../lib/form-values';
import { FormField, type TChoice } from './form-field';
import { ItemsField } from './items-field';
import { CaseSendSlot } from './case-send-slot';
import { CaseSupplierField } from './case-supplier-field';

export interface TFormChoices {
  statusOptions: TStatusOptionsConfig | undefined;
  assignees: TChoice[];
  itemTypes: TChoice[];
}

interface Props {
  groups: TFormGroup[];
  control: Control<TCaseFormValues>;
  choices: TFormChoices;
  readOnly?: boolean;
}

const defaultSpan = (field: TFormField) =>
  field.span ?? (field.type === 'textarea' || field.type === 'items' ? 12 : 6);

/** The groups of a case form, each a card with its fields on a 12-column grid. */
export function CaseFormGroups({ groups, control, choices, readOnly = false }: Props) {
  const label = useConfigLabel();
  const sendSlot = use(CaseSendSlot);
  // Outside the shell (the form's tests) there are no features: the plain field is drawn.
  const isSupplierOn = use(ShellContext)?.features.supplier === true;
  const choicesOf = (field: TFormField): TChoice[] | undefined => {
    const options = choices.statusOptions;
    if (field.key === 'status')
      return options?.statuses.map((s) => ({ value: s.value, label: label(s.label) })) ?? [];
    if (field.key === 'assignee') return choices.assignees;
    if (isStatusDimension(field.key))
      return options?.[field.key].map((o) => ({ value: o.value, label: label(o.label) })) ?? [];
    return undefined;
  };

  return (
    <Stack gap="md">
      {groups.map((group) => (
        <Paper key={group.key} withBorder p="md" data-testid={`form-group-${group.key}`}>
          <Title order={2} size="h5" mb="sm">
            {label(group.label)}
          </Title>
          <Grid gap="md">
            {group.fields.map((field) => (
              <Grid.Col key={field.key} span={{ base: 12, sm: defaultSpan(field) }}>
                {field.type === 'items' ? (
                  <ItemsField
                    control={control}
                    label={label(field.label) === label(group.label) ? null : label(field.label)}
                    itemTypes={choices.itemTypes}
                    readOnly={readOnly}
                  />
                ) : field.key === 'supplierName' && sendSlot && isSupplierOn ? (
                  <CaseSupplierField
                    slot={sendSlot}
                    control={control}
                    label={label(field.label)}
                    required={field.required === true}
                    readOnly={readOnly}
                  />
                ) : (
                  <FormField field={field} control={control} choices={choicesOf(field)} readOnly={readOnly} />
                )}
              </Grid.Col>
            ))}
          </Grid>
        </Paper>
      ))}
    </Stack>
  );
}
