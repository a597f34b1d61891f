// A time zone's offset from UTC at a moment, for writing a million timestamps quickly: asking Intl
// for each one costs a few microseconds, which a large export pays per cell. Offsets change at most
// at quarter hours, so one answer is kept per zone and quarter hour.

const formats = new Map<string, Intl.DateTimeFormat>();
const offsets = new Map<string, Map<number, number>>();
const QUARTER_HOUR_MS = 15 * 60_000;
/** Enough quarter hours for any export's spread of dates; the cache starts over past it. */
const MAX_CACHED = 200_000;

/** Whether Intl knows `zone` as an IANA time zone (Europe/Oslo, UTC). */
export function isTimeZone(zone: string): boolean {
  try {
    formatOf(zone);
    return true;
  } catch {
    return false;
  }
}

function formatOf(zone: string): Intl.DateTimeFormat {
  let format = formats.get(zone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
    });
    formats.set(zone, format);
  }
  return format;
}

function offsetAt(epochMs: number, zone: string): number {
  const parts: Record<string, number> = {};
  for (const part of formatOf(zone).formatToParts(epochMs)) {
    if (part.type !== 'literal') parts[part.type] = Number(part.value);
  }
  const local = Date.UTC(
    parts.year ?? 1970,
    (parts.month ?? 1) - 1,
    parts.day ?? 1,
    parts.hour ?? 0,
    parts.minute ?? 0,
  );
  return Math.round((local - Math.floor(epochMs / 60_000) * 60_000) / 60_000);
}

/** Minutes to add to a UTC moment to get the wall clock of `zone` then (Europe/Oslo in July: 120). */
export function zonedMinutes(epochMs: number, zone: string): number {
  if (zone === 'UTC') return 0;
  let byQuarter = offsets.get(zone);
  if (!byQuarter || byQuarter.size > MAX_CACHED) {
    byQuarter = new Map();
    offsets.set(zone, byQuarter);
  }
  const quarter = Math.floor(epochMs / QUARTER_HOUR_MS);
  let offset = byQuarter.get(quarter);
  if (offset === undefined) {
    offset = offsetAt(quarter * QUARTER_HOUR_MS, zone);
    byQuarter.set(quarter, offset);
  }
  return offset;
}
