import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useForm, type UseFormReturn } from 'react-hook-form';
import { describe, expect, it } from 'vitest';
import {
  ALL_FEATURES_ON,
  DEFAULT_CLAIM_STATUS_OPTIONS,
  type TFeatureConfig,
  type TFormConfig,
} from '@claimdesk/contracts';
import { HttpError } from '../../../lib/http-error';
import { renderWithProviders } from '../../../lib/testing/render';
import { CaseFormGroups } from '../components/case-form-groups';
import {
  toFormValues,
  toRequestFields,
  visibleFields,
  visibleGroups,
  type TCaseFormValues,
} from '../lib/form-values';
import { applyCaseErrors } from '../lib/server-errors';

/** A form with one field of every type, a gated status dimension and a gated custom field. */
const FORM: TFormConfig = {
  header: ['customer.name'],
  groups: [
    {
      key: 'main',
      label: 'case.group.customer',
      tab: 'details',
      fields: [
        { key: 'customer.name', label: 'case.field.customerName', type: 'text', required: true },
        { key: 'customer.email', label: 'case.field.customerEmail', type: 'email' },
        { key: 'status', label: 'case.field.status', type: 'select', required: true },
        { key: 'statusClaim', label: 'case.field.statusClaim', type: 'select' },
        { key: 'purchaseDate', label: 'case.field.purchaseDate', type: 'date' },
        { key: 'description', label: 'case.field.description', type: 'textarea' },
        { key: 'custom.visits', label: 'Visits', type: 'number', min: 0, max: 10 },
        { key: 'custom.refund', label: 'Refund', type: 'money' },
        { key: 'custom.warranty', label: 'Under warranty', type: 'checkbox' },
        { key: 'custom.colour', label: 'Colour', type: 'select', options: [{ value: 'red', label: 'Red' }] },
        {
          key: 'custom.extras',
          label: 'Extras',
          type: 'multi-select',
          options: [
            { value: 'box', label: 'Box' },
            { value: 'charger', label: 'Charger' },
          ],
        },
        { key: 'custom.costCode', label: 'Cost code', type: 'text', feature: 'costReg' },
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

let methods: UseFormReturn<TCaseFormValues>;

/** The input a label names (a select's label also names its list of options). */
const inputOf = (label: string | RegExp) =>
  screen.getAllByLabelText(label).find((el) => el.tagName === 'INPUT');
const queryInputOf = (label: string | RegExp) =>
  screen.queryAllByLabelText(label).find((el) => el.tagName === 'INPUT');

function Harness({ features }: { features: TFeatureConfig }) {
  const form = useForm<TCaseFormValues>({ defaultValues: toFormValues(FORM, null, 'new') });
  methods = form;
  return (
    <form>
      <CaseFormGroups
        groups={visibleGroups(FORM, features)}
        control={form.control}
        choices={{
          statusOptions: DEFAULT_CLAIM_STATUS_OPTIONS,
          assignees: [],
          itemTypes: [{ value: '3', label: 'Kettle' }],
        }}
      />
    </form>
  );
}

describe('case form renderer', () => {
  it('draws every field type from the configuration', async () => {
    renderWithProviders(<Harness features={ALL_FEATURES_ON} />);
    expect(screen.getByLabelText(/Customer name/)).toHaveAttribute('type', 'text');
    expect(screen.getByLabelText('Customer email')).toHaveAttribute('type', 'email');
    expect(screen.getByLabelText('Purchase date')).toHaveAttribute('placeholder', 'DD/MM/YYYY');
    expect(screen.getByLabelText('Description').tagName).toBe('TEXTAREA');
    expect(screen.getByLabelText('Under warranty')).toHaveAttribute('type', 'checkbox');
    expect(screen.getByLabelText('Visits')).toBeInTheDocument();
    expect(screen.getByLabelText('Refund')).toBeInTheDocument();
    expect(inputOf('Colour')).toBeDefined();
    expect(inputOf('Extras')).toBeDefined();
    expect(inputOf(/^Status/)).toHaveValue('New');
    // The items list: rows are added with the item fields.
    expect(screen.getByText('No items yet.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Add item' }));
    const row = screen.getByTestId('item-row');
    for (const label of ['Item type', /Product name/, 'SKU', /Quantity/, 'Fault description']) {
      expect(within(row).getByLabelText(label)).toBeInTheDocument();
    }
    await userEvent.click(within(row).getByRole('button', { name: 'Remove item 1' }));
    expect(screen.queryByTestId('item-row')).not.toBeInTheDocument();
  });

  it('leaves out fields whose feature flag is off, status dimensions included', () => {
    renderWithProviders(<Harness features={{ ...ALL_FEATURES_ON, statusClaim: false, costReg: false }} />);
    expect(queryInputOf('Claim status')).toBeUndefined();
    expect(screen.queryByLabelText('Cost code')).not.toBeInTheDocument();
    expect(screen.getByLabelText('Visits')).toBeInTheDocument();
    const keys = visibleFields(FORM, { ...ALL_FEATURES_ON, statusClaim: false, costReg: false }).map(
      (f) => f.key,
    );
    expect(keys).not.toContain('statusClaim');
    expect(keys).not.toContain('custom.costCode');
  });

  it('checks required, email and limits before sending', async () => {
    renderWithProviders(<Harness features={ALL_FEATURES_ON} />);
    await userEvent.type(screen.getByLabelText('Customer email'), 'not-an-email');
    await userEvent.type(screen.getByLabelText('Visits'), '12');
    await act(async () => {
      await methods.trigger();
    });
    expect(screen.getByLabelText(/Customer name/)).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByText('Must be a valid email address')).toBeInTheDocument();
    expect(screen.getByText('At most 10')).toBeInTheDocument();
  });

  it('keeps a pasted name past its limit and says so at once, instead of cutting it', async () => {
    renderWithProviders(<Harness features={ALL_FEATURES_ON} />);
    const name = screen.getByLabelText(/Customer name/);
    await userEvent.click(name);
    await userEvent.paste('Å'.repeat(205));
    expect(name).toHaveValue('Å'.repeat(205));
    expect(screen.getByText('At most 200 characters')).toBeInTheDocument();
    await userEvent.type(name, '{Backspace>5/}');
    expect(screen.queryByText('At most 200 characters')).not.toBeInTheDocument();
  });

  it("puts the server's field errors on the fields they name, items and custom fields included", async () => {
    renderWithProviders(<Harness features={ALL_FEATURES_ON} />);
    await userEvent.click(screen.getByRole('button', { name: 'Add item' }));
    const error = new HttpError(400, 'VALIDATION_FAILED', 'Some fields are not valid', {
      'customer.name': 'Too big: at most 200 characters',
      'custom.visits': 'At most 10',
      'items.0.productName': 'Required',
    });
    let kind = '';
    act(() => {
      kind = applyCaseErrors(error, methods.setError, visibleFields(FORM, ALL_FEATURES_ON));
    });
    expect(kind).toBe('fields');
    expect(await screen.findByText('Too big: at most 200 characters')).toBeInTheDocument();
    expect(screen.getByLabelText(/Customer name/)).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('Visits')).toHaveAttribute('aria-invalid', 'true');
    expect(within(screen.getByTestId('item-row')).getByLabelText(/Product name/)).toHaveAttribute(
      'aria-invalid',
      'true',
    );
  });

  it('reports a 409 as a conflict, not as field errors', () => {
    renderWithProviders(<Harness features={ALL_FEATURES_ON} />);
    const kind = applyCaseErrors(new HttpError(409, 'CONFLICT', 'Changed'), methods.setError, []);
    expect(kind).toBe('conflict');
  });

  it('sends money in minor units, items with numbers, and only the drawn fields', () => {
    const values = toFormValues(FORM, null, 'new');
    values.customer.name = '  Ola Nordmann ';
    values.custom.refund = 199.5;
    values.custom.visits = 2;
    values.items = [
      {
        itemTypeId: '3',
        productName: 'Kettle',
        sku: '',
        quantity: '2',
        faultDescription: '',
        serialNumber: ' SN-9 ',
      },
    ];
    const body = toRequestFields(values, visibleFields(FORM, { ...ALL_FEATURES_ON, costReg: false }));
    expect(body.customer).toEqual({ name: 'Ola Nordmann', email: null, phone: null, address: null });
    expect(body.customFields).toMatchObject({ refund: 19950, visits: 2, warranty: false });
    expect(body.customFields).not.toHaveProperty('costCode');
    expect(body.items).toEqual([
      {
        itemTypeId: 3,
        productName: 'Kettle',
        sku: null,
        quantity: 2,
        faultDescription: null,
        serialNumber: 'SN-9',
      },
    ]);
    expect(body).not.toHaveProperty('assignee');
  });

  it('sends the chosen supplier’s id beside its name, and neither once the choice is cleared', () => {
    const supplierField = { key: 'supplierName', label: 'case.field.supplierName', type: 'text' } as const;
    const values = toFormValues(FORM, null, 'new');
    values.supplierId = '12';
    values.supplierName = 'Parts AS';
    expect(toRequestFields(values, [supplierField])).toEqual({ supplierName: 'Parts AS', supplierId: 12 });
    values.supplierId = null;
    values.supplierName = '';
    expect(toRequestFields(values, [supplierField])).toEqual({ supplierName: null, supplierId: null });
    // Without the supplier field drawn, the case's supplier is left as it is.
    expect(toRequestFields(values, [])).toEqual({});
  });
});
