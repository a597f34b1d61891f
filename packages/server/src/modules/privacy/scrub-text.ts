/** What an erased value reads as: the fact that something was there, not what. */
export const ERASED = '[erased]';

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * A free text with the customer's identifiers (address, phone as typed, names) replaced by
 * [erased], without regard to letter case; null stays null. Names shorter than 3 letters are
 * left: they would erase parts of ordinary words.
 */
export function scrubText(text: string | null, needles: string[]): string | null {
  if (text === null) return null;
  const usable = [...new Set(needles.map((n) => n.trim()).filter((n) => n.length >= 3))].sort(
    (a, b) => b.length - a.length,
  );
  if (usable.length === 0) return text;
  return text.replace(new RegExp(usable.map(escape).join('|'), 'giu'), ERASED);
}

/** Every string in a JSON value scrubbed (custom fields, timeline values). */
export function scrubJson(value: unknown, needles: string[]): unknown {
  if (typeof value === 'string') return scrubText(value, needles);
  if (Array.isArray(value)) return value.map((v) => scrubJson(v, needles));
  if (value !== null && typeof value === 'object')
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, scrubJson(v, needles)]));
  return value;
}
