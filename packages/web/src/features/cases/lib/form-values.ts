import {
  STATUS_DIMENSIONS,
  type TCase,
  type TCaseFields,
  type TCustomFields,
  type TFeatureConfig,
  type TFormConfig,
  type TFormField,
  type TFormGroup,
  type TStatusDimension,
} from '@claimdesk/contracts';

/** One item row as the form holds it; the item type is the Select's string value. */
export interface TItemRow {
  id?: number;
  itemTypeId: string | null;
  productName: string;
  sku: string;
  quantity: number | string;
  faultDescription: string;
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
  (!field.feature || features[field.feature]) && (!isStatusDimension(field.key) || features[field.key]);

export const visibleGroups = (form: TFormConfig, features: TFeatureConfig): TFormGroup[] =>
  form.groups
    .map((group) => ({ ...group, fields: group.fields.filter((f) => isFieldVisible(f, features)) }))
    .filter((group) => group.fields.length > 0);

export const visibleFields = (form: TFormConfig, features: TFeatureConfig): TFormField[] =>
  visibleGroups(form, features).flatMap((g) => g.fields);

const customName = (key: string) => key.slice('custom.'.length);
const MINOR_PER_MAJOR = 100;

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
    })),
  };
};

export const emptyItem = (): TItemRow => ({
  itemTypeId: null,
  productName: '',
  sku: '',
  quantity: 1,
  faultDescription: '',
});

const textOrNull = (value: string | null | undefined): string | null => {
  const trimmed = (value ?? '').trim();
  return trimmed === '' ? null : trimmed;
};

const toCustomValue = (field: TFormField, value: TCustomValue | undefined): TCustomValue => {
  if (value === undefined || value === '' || value === null) return field.type === 'checkbox' ? false : null;
  if (field.type === 'money') return typeof value === 'number' ? Math.round(value * MINOR_PER_MAJOR) : null;
  if (field.type === 'number') return typeof value === 'number' ? value : Number(value);
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
    }
  }
  // The server replaces the custom fields and refuses values of fields the form does not draw.
  if (hasCustom) body.customFields = customFields;
  return body;
};
