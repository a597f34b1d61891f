import {
  ActionIcon,
  Button,
  Grid,
  Group,
  NumberInput,
  Paper,
  Select,
  Stack,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { Controller, useFieldArray, type Control } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { itemRowProblems, type TItemRowField } from '@claimdesk/contracts';
import { fieldIssueText } from '../../../lib/field-issue-text';
import { emptyItem, ITEM_LIMITS, toItemInput, type TCaseFormValues } from '../lib/form-values';
import { numberInputSeparators } from '../lib/format';
import type { TChoice } from './form-field';

interface Props {
  control: Control<TCaseFormValues>;
  /** Null where the group's title already names the list. */
  label: string | null;
  itemTypes: TChoice[];
  readOnly?: boolean;
}

/** The case's items: item type, product, SKU, quantity, serial number and fault; rows can be added and removed. */
export function ItemsField({ control, label, itemTypes, readOnly = false }: Props) {
  const { t, i18n } = useTranslation('cases');
  const { fields, append, remove } = useFieldArray({ control, name: 'items', keyName: 'rowKey' });
  // The contract's row rules, on the row as the request would carry it.
  const rowRule = (index: number, key: TItemRowField) => ({
    validate: (_value: unknown, values: TCaseFormValues) => {
      const row = values.items[index];
      const problem = row ? itemRowProblems(toItemInput(row))[key] : undefined;
      return problem ? fieldIssueText(problem, { language: i18n.language }) : true;
    },
  });

  return (
    <Stack gap="sm" data-field="items">
      {label && (
        <Text fw={500} size="sm">
          {label}
        </Text>
      )}
      {fields.length === 0 && (
        <Text size="sm" c="dimmed">
          {t('items.empty')}
        </Text>
      )}
      {fields.map((row, index) => (
        <Paper key={row.rowKey} withBorder p="sm" bg="gray.0" data-testid="item-row">
          <Group justify="space-between" mb={4}>
            <Text size="sm" fw={600}>
              {t('items.row', { number: index + 1 })}
            </Text>
            {!readOnly && (
              <ActionIcon
                variant="subtle"
                color="red.9"
                onClick={() => remove(index)}
                aria-label={t('items.remove', { number: index + 1 })}
              >
                <IconTrash size={16} aria-hidden />
              </ActionIcon>
            )}
          </Group>
          <Grid gap="sm">
            <Grid.Col span={{ base: 12, sm: 3 }}>
              <Controller
                control={control}
                name={`items.${index}.itemTypeId`}
                render={({ field, fieldState }) => (
                  <Select
                    label={t('items.itemType')}
                    data={itemTypes}
                    ref={field.ref}
                    value={field.value}
                    onChange={field.onChange}
                    onBlur={field.onBlur}
                    error={fieldState.error?.message}
                    clearable
                    readOnly={readOnly}
                    comboboxProps={{ withinPortal: true }}
                  />
                )}
              />
            </Grid.Col>
            <Grid.Col span={{ base: 12, sm: 4 }}>
              <Controller
                control={control}
                name={`items.${index}.productName`}
                rules={rowRule(index, 'productName')}
                render={({ field, fieldState }) => (
                  <TextInput
                    label={t('items.productName')}
                    required
                    {...field}
                    maxLength={ITEM_LIMITS.productName}
                    error={fieldState.error?.message}
                    readOnly={readOnly}
                  />
                )}
              />
            </Grid.Col>
            <Grid.Col span={{ base: 8, sm: 3 }}>
              <Controller
                control={control}
                name={`items.${index}.sku`}
                rules={rowRule(index, 'sku')}
                render={({ field, fieldState }) => (
                  <TextInput
                    label={t('items.sku')}
                    {...field}
                    maxLength={ITEM_LIMITS.sku}
                    error={fieldState.error?.message}
                    readOnly={readOnly}
                  />
                )}
              />
            </Grid.Col>
            <Grid.Col span={{ base: 4, sm: 2 }}>
              <Controller
                control={control}
                name={`items.${index}.quantity`}
                rules={rowRule(index, 'quantity')}
                render={({ field, fieldState }) => (
                  // No min or max: Mantine would clamp 0 or -5 to 1 on blur and the typed value would
                  // be lost; the rule above says what is wrong instead. Decimals are typed to be refused,
                  // with the language's decimal separator like every number of the form.
                  <NumberInput
                    label={t('items.quantity')}
                    {...numberInputSeparators(i18n.language, false)}
                    required
                    clampBehavior="none"
                    trimLeadingZeroesOnBlur={false}
                    ref={field.ref}
                    value={field.value}
                    onChange={field.onChange}
                    onBlur={field.onBlur}
                    error={fieldState.error?.message}
                    readOnly={readOnly}
                  />
                )}
              />
            </Grid.Col>
            <Grid.Col span={{ base: 12, sm: 4 }}>
              <Controller
                control={control}
                name={`items.${index}.serialNumber`}
                rules={rowRule(index, 'serialNumber')}
                render={({ field, fieldState }) => (
                  <TextInput
                    label={t('items.serialNumber')}
                    {...field}
                    maxLength={ITEM_LIMITS.serialNumber}
                    error={fieldState.error?.message}
                    readOnly={readOnly}
                  />
                )}
              />
            </Grid.Col>
            <Grid.Col span={{ base: 12, sm: 8 }}>
              <Controller
                control={control}
                name={`items.${index}.faultDescription`}
                rules={rowRule(index, 'faultDescription')}
                render={({ field, fieldState }) => (
                  <Textarea
                    label={t('items.faultDescription')}
                    {...field}
                    maxLength={ITEM_LIMITS.faultDescription}
                    error={fieldState.error?.message}
                    autosize
                    minRows={2}
                    readOnly={readOnly}
                  />
                )}
              />
            </Grid.Col>
          </Grid>
        </Paper>
      ))}
      {!readOnly && (
        <Group>
          <Button
            variant="light"
            leftSection={<IconPlus size={16} aria-hidden />}
            onClick={() => append(emptyItem())}
          >
            {t('items.add')}
          </Button>
        </Group>
      )}
    </Stack>
  );
}
