/**
 * The fields every case has (PRODUCT.md, Domain), by the key a form configuration uses for
 * them, with the one field type each may be drawn as. Custom fields are `custom.<name>`.
 */
export const BUILT_IN_FIELDS = {
  'customer.name': 'text',
  'customer.email': 'email',
  'customer.phone': 'text',
  'customer.address': 'textarea',
  orderReference: 'text',
  purchaseDate: 'date',
  supplierName: 'text',
  assignee: 'select',
  status: 'select',
  statusClaim: 'select',
  statusCreditNote: 'select',
  statusCustomer: 'select',
  statusWareHouse: 'select',
  description: 'textarea',
  items: 'items',
} as const;
export type TBuiltInField = keyof typeof BUILT_IN_FIELDS;
export const BUILT_IN_FIELD_KEYS = Object.keys(BUILT_IN_FIELDS) as TBuiltInField[];
export const isBuiltInField = (key: string): key is TBuiltInField => Object.hasOwn(BUILT_IN_FIELDS, key);

/** The four status dimensions, each shown only where the feature flag of the same name is on. */
export const STATUS_DIMENSIONS = [
  'statusClaim',
  'statusCreditNote',
  'statusCustomer',
  'statusWareHouse',
] as const;
export type TStatusDimension = (typeof STATUS_DIMENSIONS)[number];

export const FIELD_TYPES = [
  'text',
  'email',
  'number',
  'date',
  'select',
  'multi-select',
  'checkbox',
  'money',
  'textarea',
  'items',
] as const;
export type TFieldType = (typeof FIELD_TYPES)[number];

/**
 * The most characters a custom text, email or textarea field takes when its form field sets
 * no `maxLength` (which may not exceed it either).
 */
export const CUSTOM_TEXT_MAX_LENGTH = 10_000;

/** A custom field's key: `custom.` and a camelCase name. */
export const CUSTOM_FIELD_KEY = /^custom\.[a-z][a-zA-Z0-9]{0,39}$/;

/** A workflow's key, as the menu configuration and the case routes use it. */
export const WORKFLOW_KEY = /^[a-z][a-z0-9-]{0,39}$/;
