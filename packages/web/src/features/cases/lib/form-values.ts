import {
  FAULT_DESCRIPTION_MAX_LENGTH,
  ITEM_QUANTITY_MAX,
  ITEM_QUANTITY_MIN,
  PRODUCT_NAME_MAX_LENGTH,
  SERIAL_NUMBER_MAX_LENGTH,
  SKU_MAX_LENGTH,
  STATUS_DIMENSIONS,
  isFieldShown,
  type TCase,
  type TCaseFields,
  type TCustomFields,
  type TFeatureConfig,
  type TFormConfig,
  type TFormField,
  type TFormGroup,
  type TItemRowInput,
  type TStatusDimension,
} from '@claimdesk/contracts';
import { formatInputNumber } from './format';

/** One item row as the form holds it; the item type is the Select's string value. */
export interface TItemRow {
  id?: number;
  itemTypeId: string | null;
  productName: string;
  sku: string;
  quantity: number | string;
  faultDescription: string;
  serialNumber: string;
}

type TCustomValue = TCustomFields[string];

/**
 * The case form's values. Paths match the form configuration's keys and the server's
 * fieldErrors keys (`customer.name`, `custom.warranty`, `items.0.productName`), so errors land
 * on the field they name. Money is held as an amount, the API's minor units converted.
 */
export interface TCaseFormValues {
  status: string;
  assignee: string | null;
  customer: { name: string; email: string; phone: string; address: string };
  orderReference: string;
  purchaseDate: string;
  supplierName: string;
  /** The supplier chosen from the store's suppliers (its id as the Select's value); null when none. */
  supplierId: string | null;
  description: string;
  statusClaim: string | null;
  statusCreditNote: string | null;
  statusCustomer: string | null;
  statusWareHouse: string | null;
  custom: Record<string, TCustomValue>;
  items: TItemRow[];
}

export const isStatusDimension = (key: string): key is TStatusDimension =>
  (STATUS_DIMENSIONS as readonly string[]).includes(key);

/** A field is drawn where its own feature flag (and, for a status dimension, the flag of that name) is on. */
export const isFieldVisible = (field: TFormField, features: TFeatureConfig): boolean =>
  isFieldShown(field, features);

export const visibleGroups = (form: TFormConfig, features: TFeatureConfig): TFormGroup[] =>
  form.groups
    .map((group) => ({ ...group, fields: group.fields.filter((f) => isFieldVisible(f, features)) }))
    .filter((group) => group.fields.length > 0);

export const visibleFields = (form: TFormConfig, features: TFeatureConfig): TFormField[] =>
  visibleGroups(form, features).flatMap((g) => g.fields);

const customName = (key: string) => key.slice('custom.'.length);
/** Money custom fields travel and are stored in minor units (øre, cents); the form shows the amount. */
export const MINOR_PER_MAJOR = 100;

/** The contract's limits of an item row's fields. */
export const ITEM_LIMITS = {
  productName: PRODUCT_NAME_MAX_LENGTH,
  sku: SKU_MAX_LENGTH,
  faultDescription: FAULT_DESCRIPTION_MAX_LENGTH,
  serialNumber: SERIAL_NUMBER_MAX_LENGTH,
  quantityMin: ITEM_QUANTITY_MIN,
  quantityMax: ITEM_QUANTITY_MAX,
} as const;

/**
 * A number input's value as a number: null when empty, NaN when not a number. The input
 * holds a string while a number is being typed (`12.`, `-`, `1.50`), so that it shows
 * what was typed rather than a rounded number.
 */
export const readNumber = (value: unknown): number | null => {
  if (value === null || value === undefined) return null;
  if (typeof value === 'number') return value;
  if (typeof value !== 'string') return Number.NaN;
  const trimmed = value.trim();
  return trimmed === '' ? null : Number(trimmed);
};

/**
 * An amount in minor units as the money input writes it in the language, with two decimals:
 * 50,000.00 in English, 50 000,00 in Norwegian (U+00A0 between the thousands), 50.000,00 in
 * Danish and German.
 */
export const formatMoney = (minor: number, language: string): string =>
  formatInputNumber(minor / MINOR_PER_MAJOR, language, { isGrouped: true, fractionDigits: 2 });

/** A stored value of a number or money field, written as the form's input writes it in the language. */
export const formatFieldNumber = (field: TFormField | undefined, value: number, language: string): string =>
  field?.type === 'money' ? formatMoney(value, language) : formatInputNumber(value, language);

/**
 * A number or money input's value as the API takes it: null when empty, NaN when not a number,
 * money in minor units. An amount with more than two decimals stays a fraction of a minor unit,
 * so that the form's rules refuse it; float noise (12.34 × 100) is not such a fraction.
 */
export const toApiNumber = (field: TFormField, value: unknown): number | null => {
  const typed = readNumber(value);
  if (typed === null || !Number.isFinite(typed) || field.type !== 'money') return typed;
  const minor = typed * MINOR_PER_MAJOR;
  return Math.abs(minor - Math.round(minor)) > 1e-6 ? minor : Math.round(minor);
};

/**
 * A drawn field's form value as the request would carry it (trimmed text, numbers, money in
 * minor units), for the contract's form rules to check.
 */
export const toApiValue = (field: TFormField, value: unknown): unknown => {
  if (field.type === 'number' || field.type === 'money') return toApiNumber(field, value);
  if (typeof value === 'string') return value.trim();
  return value ?? null;
};

/** An item row's values as the API would take them, for the contract's row rules to check. */
export const toItemInput = (row: TItemRow): TItemRowInput => ({
  productName: row.productName,
  sku: row.sku,
  quantity: readNumber(row.quantity),
  faultDescription: row.faultDescription,
  serialNumber: row.serialNumber,
});

const emptyCustom = (field: TFormField): TCustomValue => {
  if (field.type === 'checkbox') return false;
  if (field.type === 'multi-select') return [];
  if (field.type === 'number' || field.type === 'money') return null;
  return '';
};

/** What the form starts from: the case's values, or empty ones with the workflow's initial status. */
export const toFormValues = (
  form: TFormConfig,
  source: TCase | null,
  initialStatus: string,
): TCaseFormValues => {
  const custom: Record<string, TCustomValue> = {};
  for (const field of form.groups.flatMap((g) => g.fields)) {
    if (!field.key.startsWith('custom.')) continue;
    const name = customName(field.key);
    const stored = source?.customFields[name];
    if (stored === undefined || stored === null) custom[name] = emptyCustom(field);
    else if (field.type === 'money' && typeof stored === 'number') custom[name] = stored / MINOR_PER_MAJOR;
    else custom[name] = stored;
  }
  return {
    status: source?.status ?? initialStatus,
    assignee: source?.assignee ?? null,
    customer: {
      name: source?.customer.name ?? '',
      email: source?.customer.email ?? '',
      phone: source?.customer.phone ?? '',
      address: source?.customer.address ?? '',
    },
    orderReference: source?.orderReference ?? '',
    purchaseDate: source?.purchaseDate ?? '',
    supplierName: source?.supplierName ?? '',
    supplierId: source?.supplierId ? String(source.supplierId) : null,
    description: source?.description ?? '',
    statusClaim: source?.statusClaim ?? null,
    statusCreditNote: source?.statusCreditNote ?? null,
    statusCustomer: source?.statusCustomer ?? null,
    statusWareHouse: source?.statusWareHouse ?? null,
    custom,
    items: (source?.items ?? []).map((item) => ({
      id: item.id,
      itemTypeId: item.itemTypeId ? String(item.itemTypeId) : null,
      productName: item.productName,
      sku: item.sku ?? '',
      quantity: item.quantity,
      faultDescription: item.faultDescription ?? '',
      serialNumber: item.serialNumber ?? '',
    })),
  };
};

export const emptyItem = (): TItemRow => ({
  itemTypeId: null,
  productName: '',
  sku: '',
  quantity: 1,
  faultDescription: '',
  serialNumber: '',
});

const textOrNull = (value: string | null | undefined): string | null => {
  const trimmed = (value ?? '').trim();
  return trimmed === '' ? null : trimmed;
};

const toCustomValue = (field: TFormField, value: TCustomValue | undefined): TCustomValue => {
  if (value === undefined || value === '' || value === null) return field.type === 'checkbox' ? false : null;
  // The input may hold the typed text (`1500.50`); validation has already refused what is not a number.
  if (field.type === 'money' || field.type === 'number') {
    const number = toApiNumber(field, value);
    if (number === null) return null;
    return field.type === 'money' ? Math.round(number) : number;
  }
  return typeof value === 'string' ? value.trim() : value;
};

/** The fields of the request: only those the form draws (hidden and gated fields are left as they are). */
export const toRequestFields = (
  values: TCaseFormValues,
  fields: readonly TFormField[],
): Partial<TCaseFields> => {
  const body: Partial<TCaseFields> = {};
  const customFields: TCustomFields = {};
  let hasCustom = false;
  for (const field of fields) {
    const key = field.key;
    if (key.startsWith('custom.')) {
      customFields[customName(key)] = toCustomValue(field, values.custom[customName(key)]);
      hasCustom = true;
    } else if (key.startsWith('customer.')) {
      body.customer = {
        name: values.customer.name.trim(),
        email: textOrNull(values.customer.email),
        phone: textOrNull(values.customer.phone),
        address: textOrNull(values.customer.address),
      };
    } else if (key === 'items') {
      body.items = values.items.map((item) => ({
        ...(item.id ? { id: item.id } : {}),
        itemTypeId: item.itemTypeId ? Number(item.itemTypeId) : null,
        productName: item.productName.trim(),
        sku: textOrNull(item.sku),
        quantity: Number(item.quantity),
        faultDescription: textOrNull(item.faultDescription),
        serialNumber: textOrNull(item.serialNumber),
      }));
    } else if (key === 'status') {
      body.status = values.status;
    } else if (key === 'assignee') {
      body.assignee = values.assignee || null;
    } else if (isStatusDimension(key)) {
      body[key] = values[key] || null;
    } else if (
      key === 'purchaseDate' ||
      key === 'orderReference' ||
      key === 'supplierName' ||
      key === 'description'
    ) {
      body[key] = textOrNull(values[key]);
      // The supplier picker sets both; the server checks the id and names the case after it. With
      // the id unchanged, a typed name names the store's supplier of that name, if any.
      if (key === 'supplierName') body.supplierId = values.supplierId ? Number(values.supplierId) : null;
    }
  }
  // The server replaces the custom fields and refuses values of fields the form does not draw.
  if (hasCustom) body.customFields = customFields;
  return body;
};
