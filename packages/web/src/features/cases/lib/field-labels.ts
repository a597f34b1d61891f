import type { TBuiltInField, TFormConfig, TFormField } from '@claimdesk/contracts';

/** The label keys of the built-in fields, for changes of fields the store's form does not draw. */
export const BUILT_IN_LABELS: Record<TBuiltInField, string> = {
  'customer.name': 'case.field.customerName',
  'customer.email': 'case.field.customerEmail',
  'customer.phone': 'case.field.customerPhone',
  'customer.address': 'case.field.customerAddress',
  orderReference: 'case.field.orderReference',
  purchaseDate: 'case.field.purchaseDate',
  supplierName: 'case.field.supplierName',
  assignee: 'case.field.assignee',
  status: 'case.field.status',
  statusClaim: 'case.field.statusClaim',
  statusCreditNote: 'case.field.statusCreditNote',
  statusCustomer: 'case.field.statusCustomer',
  statusWareHouse: 'case.field.statusWareHouse',
  description: 'case.field.description',
  items: 'case.field.items',
};

/** Every field of a form by key. */
export const formFieldMap = (form: TFormConfig | undefined): Map<string, TFormField> =>
  new Map((form?.groups ?? []).flatMap((g) => g.fields).map((f) => [f.key, f]));

/** The label key of a field named in a change: the form's label, the built-in one, or the key itself. */
export const fieldLabelKey = (key: string, fields: Map<string, TFormField>): string =>
  fields.get(key)?.label ?? (BUILT_IN_LABELS as Record<string, string>)[key] ?? key;
