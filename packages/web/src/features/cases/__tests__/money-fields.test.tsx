import { getDefaultNormalizer, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18n from 'i18next';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_CLAIM_STATUS_OPTIONS, type TCase, type TFormConfig } from '@claimdesk/contracts';
import { caseListRow } from '../../../lib/testing/case-list-row';
import { addLanguageTexts } from '../../../lib/testing/language-texts';
import { renderWithProviders } from '../../../lib/testing/render';
import { renderCaseForm } from './case-form-harness';
import { CaseListTable } from '../components/case-list-table';
import { formFieldMap } from '../lib/field-labels';
import { formatMoney } from '../lib/form-values';
import { numberSeparators } from '../lib/format';

const NBSP = '\u00a0';
/** Text as drawn: the default normalizer turns the no-break space into a plain one. */
const asIs = getDefaultNormalizer({ collapseWhitespace: false });

beforeAll(() => {
  addLanguageTexts(['nr', 'da', 'de']);
  addLanguageTexts(['nr', 'da', 'de'], 'common');
});

afterEach(async () => {
  await i18n.changeLanguage('en');
});

/** A money field (limits in minor units: 50 000.00 at most) and a number field with decimals. */
const FORM: TFormConfig = {
  header: ['customer.name'],
  groups: [
    {
      key: 'main',
      label: 'Main',
      tab: 'details',
      fields: [
        { key: 'supplierName', label: 'Supplier', type: 'text' },
        { key: 'custom.refund', label: 'Refund', type: 'money', min: 0, max: 5_000_000 },
        { key: 'custom.weight', label: 'Weight', type: 'number', min: 0.5, max: 1000 },
      ],
    },
    {
      key: 'items',
      label: 'Items',
      tab: 'details',
      fields: [{ key: 'items', label: 'Items', type: 'items' }],
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

/** The form in `language`; `save` clicks Save, `sent` is the custom fields of the last save. */
const setup = async (language: string, source: TCase = STORED) => {
  await i18n.changeLanguage(language);
  const { onSave, save } = renderCaseForm(FORM, source);
  return { onSave, save, sent: () => onSave.mock.calls.at(-1)?.[0].customFields };
};

describe('money and numbers in the UI language', () => {
  it("takes each language's separators from Intl", () => {
    expect(numberSeparators('en')).toEqual({ group: ',', decimal: '.' });
    expect(numberSeparators('nr')).toEqual({ group: NBSP, decimal: ',' });
    expect(numberSeparators('da')).toEqual({ group: '.', decimal: ',' });
    expect(numberSeparators('de')).toEqual({ group: '.', decimal: ',' });
  });

  it.each([
    ['en', '50,000.00', '1,500.50', '-1,234,567.05', '0.05'],
    ['nr', `50${NBSP}000,00`, `1${NBSP}500,50`, `-1${NBSP}234${NBSP}567,05`, '0,05'],
    ['da', '50.000,00', '1.500,50', '-1.234.567,05', '0,05'],
    ['de', '50.000,00', '1.500,50', '-1.234.567,05', '0,05'],
  ])('writes amounts in %s as %s', (language, max, amount, negative, small) => {
    expect(formatMoney(5_000_000, language)).toBe(max);
    expect(formatMoney(150050, language)).toBe(amount);
    expect(formatMoney(-123456705, language)).toBe(negative);
    expect(formatMoney(5, language)).toBe(small);
  });

  it('reads 1500,5 typed in Norwegian as 150050 minor units and shows it the Norwegian way', async () => {
    const { save, sent } = await setup('nr');
    const refund = screen.getByLabelText('Refund');
    await userEvent.type(refund, '1500,5');
    expect(refund).toHaveValue(`1${NBSP}500,5`);
    await save();
    expect(sent()).toMatchObject({ refund: 150050 });

    // A plain space typed between the thousands, and a numeric keypad's '.', are read the same way.
    await userEvent.clear(refund);
    await userEvent.type(refund, '2 500.25');
    expect(refund).toHaveValue(`2${NBSP}500,25`);
    await save();
    expect(sent()).toMatchObject({ refund: 250025 });
  });

  it('shows a stored amount and the limit in Norwegian', async () => {
    const { onSave, save } = await setup('nr', { ...STORED, customFields: { refund: 150050 } });
    const refund = screen.getByLabelText('Refund');
    expect(refund).toHaveValue(`1${NBSP}500,5`);
    await userEvent.clear(refund);
    await userEvent.type(refund, '1234567,891');
    await userEvent.tab();
    expect(refund).toHaveValue(`1${NBSP}234${NBSP}567,891`);
    expect(await screen.findByText(`Høyst 50${NBSP}000,00`, { normalizer: asIs })).toBeInTheDocument();
    await save();
    expect(onSave).not.toHaveBeenCalled();
  });

  it("reads '.' in German as the thousands it groups, and ',' as the decimals", async () => {
    const { save, sent } = await setup('de');
    const refund = screen.getByLabelText('Refund');
    await userEvent.type(refund, '1.500,5');
    expect(refund).toHaveValue('1.500,5');
    await save();
    expect(sent()).toMatchObject({ refund: 150050 });
    await userEvent.clear(refund);
    await userEvent.type(refund, '60000');
    await userEvent.tab();
    expect(refund).toHaveValue('60.000');
    expect(await screen.findByText('Höchstens 50.000,00')).toBeInTheDocument();
  });

  it('takes the decimal comma in a number field and an item quantity in German', async () => {
    const { save, sent } = await setup('de');
    const weight = screen.getByLabelText('Weight');
    await userEvent.type(weight, '2,5');
    expect(weight).toHaveValue('2,5');
    await save();
    expect(sent()).toMatchObject({ weight: 2.5 });
    await userEvent.clear(weight);
    await userEvent.type(weight, '0,25');
    await userEvent.tab();
    expect(await screen.findByText('Mindestens 0,5')).toBeInTheDocument();

    const quantity = within(screen.getByTestId('item-row')).getByLabelText(/Quantity|Menge/);
    await userEvent.clear(quantity);
    await userEvent.type(quantity, '2,5');
    await userEvent.tab();
    expect(quantity).toHaveValue('2,5');
    expect(await screen.findByText('Muss eine ganze Zahl sein')).toBeInTheDocument();
  });

  it('shows money and number custom fields of a list row in the UI language', async () => {
    await i18n.changeLanguage('da');
    renderWithProviders(
      <MemoryRouter>
        <CaseListTable
          columns={[
            { key: 'caseNumber', label: 'Case' },
            { key: 'custom.refund', label: 'Refund' },
            { key: 'custom.weight', label: 'Weight' },
          ]}
          rows={[caseListRow({ customFields: { refund: 150050, weight: 2.5 } })]}
          fields={formFieldMap(FORM)}
          isLoading={false}
          isStale={false}
          statusOptions={DEFAULT_CLAIM_STATUS_OPTIONS}
          assigneeName={(u) => u}
          detailPath={(r) => `/cases/open/claim/${r.id}`}
          sort="updatedAt"
          direction="desc"
          onSort={() => undefined}
        />
      </MemoryRouter>,
    );
    const row = screen.getByTestId('case-row');
    expect(within(row).getByText('1.500,50')).toBeInTheDocument();
    expect(within(row).getByText('2,5')).toBeInTheDocument();
  });
});
