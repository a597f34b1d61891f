import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18n from 'i18next';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../lib/testing/render';
import { DateField, formatStoredDate, parseTypedDate } from '../date-field';

function Harness({ initial, onValue }: { initial: string; onValue: (value: string) => void }) {
  const [value, setValue] = useState(initial);
  return (
    <DateField
      label="Purchase date"
      value={value}
      clearable
      onChange={(next) => {
        setValue(next);
        onValue(next);
      }}
    />
  );
}

describe('date field', () => {
  afterEach(async () => {
    await i18n.changeLanguage('en');
  });

  it('reads a typed date in the language format, with or without leading zeros, or as YYYY-MM-DD', () => {
    expect(parseTypedDate('23.11.2026', 'nr')).toBe('2026-11-23');
    expect(parseTypedDate(' 1.2.2026 ', 'de')).toBe('2026-02-01');
    expect(parseTypedDate('05.03.2026', 'da')).toBe('2026-03-05');
    expect(parseTypedDate('23/11/2026', 'en')).toBe('2026-11-23');
    expect(parseTypedDate('2026-02-01', 'nr')).toBe('2026-02-01');
    // Not a day of the calendar, or another language's format: no date.
    expect(parseTypedDate('31.02.2026', 'nr')).toBeNull();
    expect(parseTypedDate('23.11.2026', 'en')).toBeNull();
    expect(parseTypedDate('11/23/2026', 'en')).toBeNull();
  });

  it('writes a stored date as the field shows it in the language, and anything else as it is', () => {
    expect(formatStoredDate('2026-11-23', 'nr')).toBe('23.11.2026');
    expect(formatStoredDate('2026-11-23', 'da')).toBe('23.11.2026');
    expect(formatStoredDate('2026-11-23', 'de')).toBe('23.11.2026');
    expect(formatStoredDate('2026-11-23', 'en')).toBe('23/11/2026');
    expect(formatStoredDate('2026-02-31', 'de')).toBe('2026-02-31');
    expect(formatStoredDate('soon', 'en')).toBe('soon');
  });

  it('shows the value in the UI language and gives back what is typed as YYYY-MM-DD', async () => {
    await i18n.changeLanguage('nr');
    const values: string[] = [];
    renderWithProviders(<Harness initial="2026-11-23" onValue={(v) => values.push(v)} />);
    const input = screen.getByLabelText('Purchase date');
    expect(input).toHaveValue('23.11.2026');

    await userEvent.clear(input);
    await userEvent.type(input, '01.02.2026');
    await userEvent.tab();
    expect(values.at(-1)).toBe('2026-02-01');
    expect(input).toHaveValue('01.02.2026');
  });

  it('shows the English format when the UI is in English', () => {
    renderWithProviders(<Harness initial="2026-11-23" onValue={() => undefined} />);
    expect(screen.getByLabelText('Purchase date')).toHaveValue('23/11/2026');
  });

  it('opens its calendar on a click or on typing, not on a focus alone, and shuts it on Enter', async () => {
    renderWithProviders(<Harness initial="2026-11-23" onValue={() => undefined} />);
    const input = screen.getByLabelText('Purchase date');
    const calendar = () => document.querySelector('[data-dates-dropdown]');
    // A form focusing its first field in error, say.
    act(() => input.focus());
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(calendar()).toBeNull();

    await userEvent.keyboard('{Backspace}');
    await waitFor(() => expect(calendar()).not.toBeNull());
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(calendar()).toBeNull());
    expect(input).toHaveFocus();

    await userEvent.click(input);
    await waitFor(() => expect(calendar()).not.toBeNull());
  });
});
