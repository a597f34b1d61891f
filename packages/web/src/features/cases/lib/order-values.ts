import {
  CUSTOMER_ADDRESS_MAX_LENGTH,
  CUSTOMER_NAME_MAX_LENGTH,
  CUSTOMER_PHONE_MAX_LENGTH,
  ITEM_QUANTITY_MAX,
  ITEM_QUANTITY_MIN,
  ORDER_REFERENCE_MAX_LENGTH,
  PRODUCT_NAME_MAX_LENGTH,
  SKU_MAX_LENGTH,
  type TShopOrder,
  type TShopOrderLine,
} from '@claimdesk/contracts';
import type { TCaseFormValues, TItemRow } from './form-values';

/** The day an order was placed, as the date field holds it (YYYY-MM-DD), in the reader's time zone. */
export function orderDay(placedAt: string): string {
  const date = new Date(placedAt);
  if (Number.isNaN(date.getTime())) return '';
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${String(date.getFullYear())}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** One changed form value: where, and what it becomes. */
export type TOrderChange = { path: string; value: unknown };

/**
 * What taking an order into the case changes: the order reference and purchase date always (the
 * order chosen is the one claimed), the customer's name, email, phone and address only where the
 * form has none yet (nothing typed is overwritten), and each chosen line as a new item unless an
 * item with its SKU is on the case already.
 */
export function orderChanges(
  values: TCaseFormValues,
  order: TShopOrder,
  lines: TShopOrderLine[],
): TOrderChange[] {
  const changes: TOrderChange[] = [
    { path: 'orderReference', value: order.number.replace(/^#/, '').slice(0, ORDER_REFERENCE_MAX_LENGTH) },
    { path: 'purchaseDate', value: orderDay(order.placedAt) },
  ];
  const customer = {
    name: (order.customer.name ?? '').slice(0, CUSTOMER_NAME_MAX_LENGTH),
    email: order.customer.email ?? '',
    phone: (order.customer.phone ?? '').slice(0, CUSTOMER_PHONE_MAX_LENGTH),
    address: order.customer.address.join('\n').slice(0, CUSTOMER_ADDRESS_MAX_LENGTH),
  };
  for (const key of ['name', 'email', 'phone', 'address'] as const) {
    if (values.customer[key].trim() === '' && customer[key] !== '')
      changes.push({ path: `customer.${key}`, value: customer[key] });
  }
  const skus = new Set(values.items.map((item) => item.sku.trim()).filter((sku) => sku !== ''));
  const added: TItemRow[] = lines
    .filter((line) => !line.sku || !skus.has(line.sku))
    .map((line) => ({
      itemTypeId: null,
      productName: line.product.slice(0, PRODUCT_NAME_MAX_LENGTH),
      sku: (line.sku ?? '').slice(0, SKU_MAX_LENGTH),
      quantity: Math.min(ITEM_QUANTITY_MAX, Math.max(ITEM_QUANTITY_MIN, Math.round(line.quantity))),
      faultDescription: '',
      serialNumber: '',
    }));
  if (added.length > 0) changes.push({ path: 'items', value: [...values.items, ...added] });
  return changes;
}
