import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { type TCase, type TFormConfig } from '@claimdesk/contracts';
import { renderCaseForm } from './case-form-harness';

const FORM: TFormConfig = {
  header: ['customer.name'],
  groups: [
    {
      key: 'main',
      label: 'Main',
      tab: 'details',
      fields: [
        { key: 'supplierName', label: 'case.field.supplierName', type: 'text' },
        { key: 'purchaseDate', label: 'case.field.purchaseDate', type: 'date' },
      ],
    },
  ],
};

const STORED = {
  customer: { name: 'Ola Nordmann', email: null, phone: null, address: null },
  status: 'new',
  assignee: null,
  purchaseDate: '2026-01-10',
  customFields: {},
  items: [],
} as unknown as TCase;

const setup = async () => {
  const { onSave } = renderCaseForm(FORM, STORED);
  await userEvent.type(screen.getByLabelText('Supplier'), 'Acme');
  const date = screen.getByLabelText('Purchase date');
  expect(date).toHaveValue('10/01/2026');
  return { onSave, date };
};

/** The date field's calendar, when it is open. */
const calendar = () => document.querySelector('[data-dates-dropdown]');
/** Lets Mantine's popover open, should anything have asked it to. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 300));

describe('a date typed that is no date', () => {
  it('is refused when Enter is pressed in the field, before it loses focus', async () => {
    const { onSave, date } = await setup();
    await userEvent.clear(date);
    await userEvent.type(date, '31/02/2027');
    await waitFor(() => expect(calendar()).not.toBeNull());
    await userEvent.keyboard('{Enter}');
    expect(await screen.findByText('Not a valid date')).toBeInTheDocument();
    expect(date).toHaveAttribute('aria-invalid', 'true');
    expect(date).toHaveValue('31/02/2027');
    expect(date).toHaveFocus();
    expect(onSave).not.toHaveBeenCalled();
    // The calendar opened by the typing is shut, so that it does not cover the message.
    await waitFor(() => expect(calendar()).toBeNull());
  });

  it('is refused when typed over a date and saved with Enter: the old date is not sent either', async () => {
    const { onSave, date } = await setup();
    await userEvent.tripleClick(date);
    await userEvent.keyboard('31/02/2027{Enter}');
    expect(await screen.findByText('Not a valid date')).toBeInTheDocument();
    expect(onSave).not.toHaveBeenCalled();
  });

  it('is refused by the Save button, which focuses the field with its error and leaves the calendar shut', async () => {
    const { onSave, date } = await setup();
    await userEvent.clear(date);
    await userEvent.type(date, '31/02/2027');
    await userEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Not a valid date')).toBeInTheDocument();
    expect(onSave).not.toHaveBeenCalled();
    await waitFor(() => expect(date).toHaveFocus());
    await settle();
    expect(calendar()).toBeNull();

    // A click of the user's still opens it.
    await userEvent.click(date);
    await waitFor(() => expect(calendar()).not.toBeNull());
  });

  it('saves once corrected, whichever way', async () => {
    const { onSave, date } = await setup();
    await userEvent.clear(date);
    await userEvent.type(date, '31/02/2027{Enter}');
    expect(await screen.findByText('Not a valid date')).toBeInTheDocument();
    await userEvent.clear(date);
    await userEvent.type(date, '28/02/2027{Enter}');
    await waitFor(() => expect(onSave).toHaveBeenCalledOnce());
    expect(onSave.mock.calls[0]?.[0].purchaseDate).toBe('2027-02-28');
    expect(screen.queryByText('Not a valid date')).not.toBeInTheDocument();
  });
});
