import { describe, expect, it } from 'vitest';
import {
  csvDate,
  csvDateTime,
  csvDialect,
  csvField,
  csvLine,
  csvMoney,
  textField,
  unguardCell,
} from '../csv-format';
import { isTimeZone, zonedMinutes } from '../zoned-time';

const en = csvDialect('en');
const nr = csvDialect('nr');

describe('csv dialects', () => {
  it('separates with , in English and ; in Norwegian, Danish and German', () => {
    expect(en.separator).toBe(',');
    for (const language of ['nr', 'da', 'de'] as const) expect(csvDialect(language).separator).toBe(';');
    expect(csvLine(['a', 1, csvMoney(150)], en)).toBe('a,1,1.50\r\n');
    expect(csvLine(['a', 1, csvMoney(150)], csvDialect('de'))).toBe('a;1;1,50\r\n');
  });
});

describe('amounts and numbers', () => {
  it('writes minor units with two decimals and the language’s decimal mark, no grouping', () => {
    expect(csvField(csvMoney(123450), en)).toBe('1234.50');
    expect(csvField(csvMoney(123450), nr)).toBe('1234,50');
    expect(csvField(csvMoney(5), nr)).toBe('0,05');
    expect(csvField(csvMoney(0), en)).toBe('0.00');
    expect(csvField(csvMoney(-1999), csvDialect('da'))).toBe('-19,99');
    expect(csvField(csvMoney(100_000_000_000), en)).toBe('1000000000.00');
    expect(csvField(csvMoney(7, 0), en)).toBe('7');
    expect(csvField(csvMoney(12345, 3), nr)).toBe('12,345');
  });

  it('refuses an amount that is not whole minor units', () => {
    expect(() => csvField(csvMoney(1.5), en)).toThrow();
  });

  it('writes plain numbers without exponents, decimals by language', () => {
    expect(csvField(42, nr)).toBe('42');
    expect(csvField(11.5, en)).toBe('11.5');
    expect(csvField(11.5, nr)).toBe('11,5');
    expect(csvField(1e21, en)).toBe('1000000000000000000000');
    expect(csvField(1e-7, nr)).toBe('0,0000001');
    expect(csvField(Number.NaN, en)).toBe('');
    expect(csvField(12n, en)).toBe('12');
  });

  it('leaves a negative number unguarded: it is ours, not text', () => {
    expect(csvField(-3, en)).toBe('-3');
  });
});

describe('dates and times', () => {
  it('writes dates as ISO in English and day.month.year elsewhere', () => {
    expect(csvField(csvDate('2026-11-26'), en)).toBe('2026-11-26');
    expect(csvField(csvDate('2026-11-26'), nr)).toBe('26.11.2026');
    expect(csvField(csvDate('2026-01-05'), csvDialect('de'))).toBe('05.01.2026');
  });

  it('writes moments to the minute in the export’s time zone', () => {
    const moment = csvDateTime('2026-07-01T22:30:59.900Z');
    expect(csvField(moment, en)).toBe('2026-07-01 22:30');
    expect(csvField(moment, csvDialect('nr', 'Europe/Oslo'))).toBe('02.07.2026 00:30');
    expect(csvField(csvDateTime('2026-01-15T08:05:00Z'), csvDialect('en', 'Europe/Oslo'))).toBe(
      '2026-01-15 09:05',
    );
    expect(
      csvField(csvDateTime(new Date('2026-03-01T12:00:00Z')), csvDialect('de', 'America/New_York')),
    ).toBe('01.03.2026 07:00');
  });

  it('follows a zone across its change to summer time', () => {
    // Europe/Oslo moves from +1 to +2 at 01:00 UTC on 29 March 2026.
    expect(zonedMinutes(Date.parse('2026-03-29T00:59:00Z'), 'Europe/Oslo')).toBe(60);
    expect(zonedMinutes(Date.parse('2026-03-29T01:00:00Z'), 'Europe/Oslo')).toBe(120);
    expect(zonedMinutes(Date.parse('2026-06-01T00:00:00Z'), 'Asia/Kolkata')).toBe(330);
  });

  it('knows a time zone from a made-up one', () => {
    expect(isTimeZone('Europe/Oslo')).toBe(true);
    expect(isTimeZone('UTC')).toBe(true);
    expect(isTimeZone('Mars/Olympus')).toBe(false);
  });
});

describe('text fields', () => {
  it('quotes per RFC 4180: separators, quotes and line breaks', () => {
    expect(textField('plain')).toBe('plain');
    expect(textField('a,b')).toBe('"a,b"');
    expect(textField('a;b')).toBe('"a;b"');
    expect(textField('say "hi"')).toBe('"say ""hi"""');
    expect(textField('two\r\nlines')).toBe('"two\r\nlines"');
    expect(textField('Ærlig øl på Åsgård, Straße')).toBe('"Ærlig øl på Åsgård, Straße"');
  });

  it('guards formulas with a leading apostrophe, and an importer takes it off', () => {
    for (const formula of ['=1+2', '+47 912 34 567', '-2+3', '@SUM(A1)', '\tx', '\rx']) {
      const field = textField(formula);
      expect(field.replace(/^"/, '').startsWith("'")).toBe(true);
      const inner = field.startsWith('"') ? field.slice(1, -1).replaceAll('""', '"') : field;
      expect(unguardCell(inner)).toBe(formula);
    }
    expect(textField('=HYPERLINK("http://x","y")')).toBe(`"'=HYPERLINK(""http://x"",""y"")"`);
    expect(unguardCell("'plain")).toBe("'plain");
    expect(textField('a=b')).toBe('a=b');
  });

  it('writes empty cells for null and undefined', () => {
    expect(csvLine([null, undefined, ''], en)).toBe(',,\r\n');
  });
});
