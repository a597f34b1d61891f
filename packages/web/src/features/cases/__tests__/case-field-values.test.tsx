import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { type TCase, type TFormConfig, PURCHASE_DATE_IN_FUTURE } from '@claimdesk/contracts';
import { renderCaseForm } from './case-form-harness';
import { toFormValues } from '../lib/form-values';
import { serverFieldText } from '../lib/server-errors';

/** Limits of a money field are in minor units, as the server checks them: 5 000 000 is 50,000.00 in English. */
const FORM: TFormConfig = {
  header: ['customer.name'],
  groups: [
    {
      key: 'main',
      label: 'case.group.customer',
      tab: 'details',
      fields: [
        { key: 'customer.name', label: 'case.field.customerName', type: 'text', required: true },
        { key: 'supplierName', label: 'case.field.supplierName', type: 'text' },
        { key: 'purchaseDate', label: 'case.field.purchaseDate', type: 'date' },
        { key: 'custom.refund', label: 'Refund', type: 'money', min: 0, max: 5_000_000 },
        { key: 'custom.note', label: 'Note', type: 'text' },
        { key: 'custom.code', label: 'Code', type: 'text', maxLength: 5 },
      ],
    },
    {
      key: 'items',
      label: 'case.group.items',
      tab: 'details',
      fields: [{ key: 'items', label: 'case.field.items', type: 'items' }],
    },
  ],
};

const STORED = {
  customer: { name: 'Ola Nordmann', email: null, phone: null, address: null },
  status: 'new',
  assignee: null,
  customFields: {},
  items: [{ id: 7, itemTypeId: null, itemTypeName: null, productName: 'Kettle', sku: null, quantity: 2 }],
} as unknown as TCase;

const setup = (source: TCase = STORED) => renderCaseForm(FORM, source);
const quantityInput = () => within(screen.getByTestId('item-row')).getByLabelText(/Quantity/);

describe('case form values as typed', () => {
  it('sees a money amount typed alone as a change and saves it in minor units', async () => {
    const { onSave, save } = setup();
    expect(screen.getByRole('button', { name: 'Save changes' })).toBeDisabled();
    await userEvent.type(screen.getByLabelText('Refund'), '250');
    expect(screen.getByRole('button', { name: 'Save changes' })).toBeEnabled();
    await save();
    expect(onSave).toHaveBeenCalledOnce();
    expect(onSave.mock.calls[0]?.[0].customFields).toMatchObject({ refund: 25000 });
  });

  it('saves 1500.5 and 1500.50 as 150050 and reads 150050 back as 1,500.5 (English)', async () => {
    const { onSave, save } = setup();
    const refund = screen.getByLabelText('Refund');
    await userEvent.type(refund, '1500.50');
    expect(refund).toHaveValue('1,500.50');
    await userEvent.type(screen.getByLabelText('Supplier'), 'Acme');
    await save();
    expect(onSave.mock.calls[0]?.[0].customFields).toMatchObject({ refund: 150050 });
    expect(toFormValues(FORM, { ...STORED, customFields: { refund: 150050 } }, 'new').custom.refund).toBe(
      1500.5,
    );
  });

  it('shows a stored amount and keeps it when other fields are saved', async () => {
    const { onSave, save } = setup({ ...STORED, customFields: { refund: 150050 } });
    expect(screen.getByLabelText('Refund')).toHaveValue('1,500.5');
    await userEvent.type(screen.getByLabelText('Supplier'), 'Acme');
    await save();
    expect(onSave.mock.calls[0]?.[0].customFields).toMatchObject({ refund: 150050 });
  });

  it('keeps an amount above the maximum as typed, says so and does not save', async () => {
    const { onSave, save } = setup();
    const refund = screen.getByLabelText('Refund');
    await userEvent.type(refund, '1234567.891');
    await userEvent.tab();
    expect(refund).toHaveValue('1,234,567.891');
    expect(await screen.findByText('At most 50,000.00')).toBeInTheDocument();
    await save();
    expect(onSave).not.toHaveBeenCalled();
    await userEvent.clear(refund);
    await userEvent.type(refund, '12.345');
    await userEvent.tab();
    expect(refund).toHaveValue('12.345');
    expect(await screen.findByText('At most 2 decimals')).toBeInTheDocument();
  });

  it.each([
    ['0', 'At least 1'],
    ['-5', 'At least 1'],
    ['2.5', 'Must be a whole number'],
  ])('keeps quantity %s as typed, shows "%s" and does not save', async (typed, message) => {
    const { onSave, save } = setup();
    await userEvent.clear(quantityInput());
    await userEvent.type(quantityInput(), typed);
    await userEvent.tab();
    expect(quantityInput()).toHaveValue(typed);
    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(quantityInput()).toHaveAttribute('aria-invalid', 'true');
    await save();
    expect(onSave).not.toHaveBeenCalled();
  });

  it('keeps a date that does not exist as typed, says so and does not save', async () => {
    const { onSave, save } = setup();
    const date = screen.getByLabelText('Purchase date');
    await userEvent.type(date, '31/02/2027');
    await userEvent.tab();
    expect(date).toHaveValue('31/02/2027');
    expect(await screen.findByText('Not a valid date')).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('Supplier'), 'Acme');
    await save();
    expect(onSave).not.toHaveBeenCalled();
    await userEvent.clear(date);
    await userEvent.type(date, '28/02/2027');
    await userEvent.tab();
    expect(screen.queryByText('Not a valid date')).not.toBeInTheDocument();
    await save();
    expect(onSave.mock.calls[0]?.[0].purchaseDate).toBe('2027-02-28');
  });

  it("names every text input's contract length when passed, keeping what was typed", async () => {
    setup();
    const name = screen.getByLabelText(/Customer name/);
    await userEvent.clear(name);
    await act(async () => {
      await userEvent.type(name, 'x'.repeat(201));
    });
    expect(name).toHaveValue('x'.repeat(201));
    expect(screen.getByText('At most 200 characters')).toBeInTheDocument();
    const code = screen.getByLabelText('Code');
    await userEvent.clear(code);
    await userEvent.type(code, 'abcdef');
    expect(code).toHaveValue('abcdef');
    expect(screen.getByText('At most 5 characters')).toBeInTheDocument();
    const row = screen.getByTestId('item-row');
    expect(within(row).getByLabelText(/Product name/)).toHaveAttribute('maxlength', '200');
    expect(within(row).getByLabelText('SKU')).toHaveAttribute('maxlength', '100');
    expect(within(row).getByLabelText('Fault description')).toHaveAttribute('maxlength', '2000');
  });

  it("translates the contract's limits from the server's coded issues, not from zod's English", () => {
    expect(
      serverFieldText('Too big: expected string to have <=200 characters', {
        code: 'too_long',
        params: { max: 200 },
      }),
    ).toBe('At most 200 characters');
    expect(
      serverFieldText('Too small: expected number to be >=1', { code: 'too_small', params: { min: 1 } }),
    ).toBe('At least 1');
    expect(serverFieldText(PURCHASE_DATE_IN_FUTURE, { code: 'future_date' })).toBe(
      'A purchase date cannot be in the future',
    );
    expect(serverFieldText('The claim form has no field custom.x')).toBe(
      'The claim form has no field custom.x',
    );
  });
});
