// The limits of a case's fields, named once: the contract schemas are built from them and the
// web reads them from here (its inputs' maxLength, its own checks), never out of a schema.

/**
 * A store's first case number; the next ones follow without gaps. No case number is below it, so
 * a smaller number in a case address is an old address's row id.
 */
export const FIRST_CASE_NUMBER = 10001;

export const CUSTOMER_NAME_MAX_LENGTH = 200;
export const CUSTOMER_PHONE_MAX_LENGTH = 50;
export const CUSTOMER_ADDRESS_MAX_LENGTH = 500;
export const ORDER_REFERENCE_MAX_LENGTH = 100;
export const SUPPLIER_NAME_MAX_LENGTH = 200;
export const DESCRIPTION_MAX_LENGTH = 10_000;
/** A status and each status dimension's value. */
export const STATUS_MAX_LENGTH = 60;

export const PRODUCT_NAME_MAX_LENGTH = 200;
export const SKU_MAX_LENGTH = 100;
export const FAULT_DESCRIPTION_MAX_LENGTH = 2000;
export const SERIAL_NUMBER_MAX_LENGTH = 100;
export const ITEM_QUANTITY_MIN = 1;
export const ITEM_QUANTITY_MAX = 100_000;
/** The most items one case holds. */
export const CASE_ITEMS_MAX = 200;

/**
 * The most characters of each built-in text field, by its form key. The customer's email has
 * none: its form is checked, not its length.
 */
export const BUILT_IN_TEXT_MAX_LENGTH: Readonly<Record<string, number>> = {
  'customer.name': CUSTOMER_NAME_MAX_LENGTH,
  'customer.phone': CUSTOMER_PHONE_MAX_LENGTH,
  'customer.address': CUSTOMER_ADDRESS_MAX_LENGTH,
  orderReference: ORDER_REFERENCE_MAX_LENGTH,
  supplierName: SUPPLIER_NAME_MAX_LENGTH,
  description: DESCRIPTION_MAX_LENGTH,
};
