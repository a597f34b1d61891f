import { Grid, Paper, Stack, Title } from '@mantine/core';
import type { Control } from 'react-hook-form';
import type { TFormField, TFormGroup, TStatusOptionsConfig } from '@claimdesk/contracts';
import { useConfigLabel } from '../hooks/use-config-label';
import type { TCaseParts } from '../lib/case-parts';
import { isStatusDimension, type TCaseFormValues } from '../lib/form-values';
import { FormField, type TChoice } from './form-field';
import { ItemsField } from './items-field';
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
  /** The suppliers feature's picker for the supplier field; without it a plain name field. */
  supplierPicker?: TCaseParts['supplierPicker'];
}

const defaultSpan = (field: TFormField) =>
  field.span ?? (field.type === 'textarea' || field.type === 'items' ? 12 : 6);

/** The groups of a case form, each a card with its fields on a 12-column grid. */
export function CaseFormGroups({ groups, control, choices, readOnly = false, supplierPicker = null }: Props) {
  const label = useConfigLabel();
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
                ) : field.key === 'supplierName' && supplierPicker ? (
                  <CaseSupplierField
                    picker={supplierPicker}
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
