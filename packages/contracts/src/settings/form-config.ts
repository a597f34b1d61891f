import { z } from 'zod';
import { ZText } from '../text';
import {
  BUILT_IN_FIELDS,
  CUSTOM_FIELD_KEY,
  CUSTOM_TEXT_MAX_LENGTH,
  FIELD_TYPES,
  isBuiltInField,
} from '../cases/case-fields';
import { ZConfigKey, ZFeatureRef, ZLabel, ZOption, uniqueBy } from './config-common';

/** One field of a case form: a built-in case field or a custom one (`custom.<name>`). */
export const ZFormField = z
  .object({
    key: ZText.refine((k) => isBuiltInField(k) || CUSTOM_FIELD_KEY.test(k), {
      message: 'A built-in field or custom.<name>',
    }),
    label: ZLabel,
    type: z.enum(FIELD_TYPES),
    required: z.boolean().optional(),
    /** Choices of a select or multi-select custom field. */
    options: z.array(ZOption).min(1).optional(),
    /** Limits of a number field; of a money field in minor units (øre, cent), as its value is kept. */
    min: z.number().optional(),
    max: z.number().optional(),
    maxLength: z.number().int().positive().max(CUSTOM_TEXT_MAX_LENGTH).optional(),
    /** Shown only where this feature flag is on. */
    feature: ZFeatureRef.optional(),
    /** Grid columns the field spans (of 12). */
    span: z.number().int().min(1).max(12).optional(),
  })
  .superRefine((field, ctx) => {
    if (isBuiltInField(field.key) && BUILT_IN_FIELDS[field.key] !== field.type) {
      ctx.addIssue({
        code: 'custom',
        path: ['type'],
        message: `${field.key} is always ${BUILT_IN_FIELDS[field.key]}`,
      });
    }
    const isChoice = field.type === 'select' || field.type === 'multi-select';
    if (isChoice && !isBuiltInField(field.key) && !field.options) {
      ctx.addIssue({ code: 'custom', path: ['options'], message: 'A select field needs options' });
    }
    if (field.min !== undefined && field.max !== undefined && field.min > field.max) {
      ctx.addIssue({ code: 'custom', path: ['min'], message: 'min is above max' });
    }
  });
export type TFormField = z.infer<typeof ZFormField>;

export const ZFormGroup = z.object({
  key: ZConfigKey,
  label: ZLabel,
  /** The key of the case-detail tab (tabs document) the group sits on. */
  tab: ZConfigKey,
  fields: z.array(ZFormField).min(1),
});
export type TFormGroup = z.infer<typeof ZFormGroup>;

/** json-config `form.{workflow}`: the case form of one workflow. */
export const ZFormConfig = z
  .object({
    /** Field keys shown in the case header, in order. */
    header: z.array(ZText.max(200)).max(8),
    groups: z
      .array(ZFormGroup)
      .min(1)
      .superRefine(uniqueBy((g) => g.key, 'group')),
  })
  .superRefine((form, ctx) => {
    const keys = new Set<string>();
    form.groups.forEach((group, g) =>
      group.fields.forEach((field, f) => {
        if (keys.has(field.key)) {
          ctx.addIssue({
            code: 'custom',
            path: ['groups', g, 'fields', f, 'key'],
            message: `Duplicate field "${field.key}"`,
          });
        }
        keys.add(field.key);
      }),
    );
    form.header.forEach((key, i) => {
      if (!keys.has(key))
        ctx.addIssue({ code: 'custom', path: ['header', i], message: `"${key}" is not a field of the form` });
    });
  });
export type TFormConfig = z.infer<typeof ZFormConfig>;

const customerGroup = {
  key: 'customer',
  label: 'case.group.customer',
  tab: 'details',
  fields: [
    { key: 'customer.name', label: 'case.field.customerName', type: 'text', required: true, span: 6 },
    { key: 'customer.email', label: 'case.field.customerEmail', type: 'email', span: 6 },
    { key: 'customer.phone', label: 'case.field.customerPhone', type: 'text', span: 6 },
    { key: 'customer.address', label: 'case.field.customerAddress', type: 'textarea', span: 6 },
  ],
} satisfies TFormGroup;

const statusFields: TFormField[] = [
  { key: 'status', label: 'case.field.status', type: 'select', required: true, span: 4 },
  { key: 'assignee', label: 'case.field.assignee', type: 'select', span: 4 },
  { key: 'statusClaim', label: 'case.field.statusClaim', type: 'select', feature: 'statusClaim', span: 4 },
  {
    key: 'statusCreditNote',
    label: 'case.field.statusCreditNote',
    type: 'select',
    feature: 'statusCreditNote',
    span: 4,
  },
  {
    key: 'statusCustomer',
    label: 'case.field.statusCustomer',
    type: 'select',
    feature: 'statusCustomer',
    span: 4,
  },
  {
    key: 'statusWareHouse',
    label: 'case.field.statusWareHouse',
    type: 'select',
    feature: 'statusWareHouse',
    span: 4,
  },
];

/** The built-in claim form: customer, purchase, items, handling. */
export const DEFAULT_CLAIM_FORM: TFormConfig = {
  header: ['customer.name', 'orderReference', 'status', 'assignee'],
  groups: [
    { key: 'handling', label: 'case.group.handling', tab: 'details', fields: statusFields },
    customerGroup,
    {
      key: 'purchase',
      label: 'case.group.purchase',
      tab: 'details',
      fields: [
        { key: 'orderReference', label: 'case.field.orderReference', type: 'text', span: 4 },
        { key: 'purchaseDate', label: 'case.field.purchaseDate', type: 'date', span: 4 },
        { key: 'supplierName', label: 'case.field.supplierName', type: 'text', span: 4 },
        { key: 'description', label: 'case.field.description', type: 'textarea', span: 12 },
      ],
    },
    {
      key: 'items',
      label: 'case.group.items',
      tab: 'details',
      fields: [{ key: 'items', label: 'case.field.items', type: 'items', span: 12 }],
    },
  ],
};

/** The built-in support form: who asks, about what. */
export const DEFAULT_SUPPORT_FORM: TFormConfig = {
  header: ['customer.name', 'status', 'assignee'],
  groups: [
    {
      key: 'handling',
      label: 'case.group.handling',
      tab: 'details',
      fields: [
        { key: 'status', label: 'case.field.status', type: 'select', required: true, span: 6 },
        { key: 'assignee', label: 'case.field.assignee', type: 'select', span: 6 },
      ],
    },
    customerGroup,
    {
      key: 'request',
      label: 'case.group.request',
      tab: 'details',
      fields: [
        { key: 'orderReference', label: 'case.field.orderReference', type: 'text', span: 6 },
        { key: 'description', label: 'case.field.description', type: 'textarea', required: true, span: 12 },
      ],
    },
  ],
};
