import { FIRST_CASE_NUMBER } from '@claimdesk/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { isHttpError } from '../../../lib/http-error';
import { useCaseIdByNumber } from '../api/get-case-by-number';

/** The last part of a case's address: its number. */
export const caseAddress = (c: { isArchived: boolean; workFlow: string; caseNumber: number }): string =>
  `/cases/${c.isArchived ? 'archive' : 'open'}/${c.workFlow}/${String(c.caseNumber)}`;

export type TCaseRef =
  | { kind: 'invalid' }
  | { kind: 'loading' }
  /** The lookup failed otherwise than with 404. */
  | { kind: 'error' }
  /** `isOldAddress`: the address named the row id; the page moves to the number's address. */
  | { kind: 'found'; id: number; isOldAddress: boolean };

/**
 * Which case the last part of a case address names. Case addresses carry the case number, which
 * starts at FIRST_CASE_NUMBER in every store; older addresses carried the row id. Below
 * FIRST_CASE_NUMBER it can only be an id. From there on it is read as a number first, and only
 * when the store has no case with that number as an old id: where both exist, the number wins,
 * as every address given out since carries numbers.
 */
export function useCaseRef(segment: string | undefined): TCaseRef {
  const value = Number(segment);
  const isValid = /^\d{1,15}$/.test(segment ?? '') && Number.isSafeInteger(value) && value > 0;
  const mayBeNumber = isValid && value >= FIRST_CASE_NUMBER;
  const byNumber = useCaseIdByNumber(useQueryClient(), mayBeNumber ? value : 0);
  if (!isValid) return { kind: 'invalid' };
  if (!mayBeNumber) return { kind: 'found', id: value, isOldAddress: true };
  if (byNumber.data !== undefined) return { kind: 'found', id: byNumber.data, isOldAddress: false };
  if (byNumber.isError && isHttpError(byNumber.error) && byNumber.error.status === 404)
    return { kind: 'found', id: value, isOldAddress: true };
  if (byNumber.isError) return { kind: 'error' };
  return { kind: 'loading' };
}
