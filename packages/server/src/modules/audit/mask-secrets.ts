/** Keys whose values are never written to the audit log, at any depth. */
const SECRET_KEY = /pass(word)?|secret|token|private|credential|api[-_]?key|^key$|otp|code_?hash/i;

export const MASK = '••••••';

/** A copy of `value` with every secret-named field's value replaced by a mask (null stays null). */
export function maskSecrets(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(maskSecrets);
  if (value === null || typeof value !== 'object' || value instanceof Date) return value;
  return Object.fromEntries(
    Object.entries(value).map(([k, v]) => [
      k,
      SECRET_KEY.test(k) && v !== null && v !== undefined && v !== '' ? MASK : maskSecrets(v),
    ]),
  );
}
