import { describe, expect, it } from 'vitest';
import type { TCaseFormValues } from '../lib/form-values';
import { mergeCaseValues } from '../lib/merge-case-values';

const base: TCaseFormValues = {
  status: 'new',
  assignee: null,
  customer: { name: 'Ola', email: 'ola@x.test', phone: '', address: '' },
  orderReference: 'A-1',
  purchaseDate: '2026-01-02',
  supplierName: '',
  supplierId: null,
  description: 'Kettle leaks',
  statusClaim: null,
  statusCreditNote: null,
  statusCustomer: null,
  statusWareHouse: null,
  custom: { warranty: '2 years' },
  items: [
    {
      id: 1,
      itemTypeId: null,
      productName: 'Kettle',
      sku: '',
      quantity: 1,
      faultDescription: '',
      serialNumber: '',
    },
  ],
};
const edit = (changes: (v: TCaseFormValues) => void): TCaseFormValues => {
  const copy = structuredClone(base);
  changes(copy);
  return copy;
};

describe('[CASES] merging a case edited by two people', () => {
  it('takes each side’s change where only that side changed a field', () => {
    const mine = edit((v) => {
      v.description = 'Kettle leaks at the base';
      v.customer.phone = '+47 400 00 000';
    });
    const theirs = edit((v) => {
      v.status = 'in-progress';
      v.custom = { warranty: '5 years' };
    });
    const result = mergeCaseValues(base, mine, theirs);
    expect(result.conflicts).toEqual([]);
    expect(result.kept.sort()).toEqual(['customer.phone', 'description']);
    expect(result.taken.sort()).toEqual(['custom.warranty', 'status']);
    expect(result.merged).toMatchObject({
      status: 'in-progress',
      description: 'Kettle leaks at the base',
      customer: { name: 'Ola', phone: '+47 400 00 000' },
      custom: { warranty: '5 years' },
    });
  });

  it('keeps what this person typed where both changed a field, and lists it to choose', () => {
    const mine = edit((v) => {
      v.customer.email = 'ola@home.test';
    });
    const theirs = edit((v) => {
      v.customer.email = 'ola@work.test';
      v.orderReference = 'A-2';
    });
    const result = mergeCaseValues(base, mine, theirs);
    expect(result.conflicts).toEqual([
      { path: 'customer.email', mine: 'ola@home.test', theirs: 'ola@work.test' },
    ]);
    expect(result.merged.customer.email).toBe('ola@home.test');
    expect(result.merged.orderReference).toBe('A-2');
  });

  it('sees no conflict where both made the same change, or where empty and missing are alike', () => {
    const mine = edit((v) => {
      v.status = 'resolved';
      v.supplierName = '';
    });
    const theirs = edit((v) => {
      v.status = 'resolved';
      (v as unknown as Record<string, unknown>).supplierName = null;
    });
    expect(mergeCaseValues(base, mine, theirs)).toMatchObject({ conflicts: [], kept: [] });
  });
});
