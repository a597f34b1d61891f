import { Combobox, Pill, PillsInput, Text, useCombobox } from '@mantine/core';
import { useState, type ClipboardEvent, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ZEmail } from '@claimdesk/contracts';
import { parseAddressList } from '@claimdesk/contracts/mail/address-list';
import type { TRecipientKind } from './recipient-kinds';
import classes from './recipient-field.module.css';

export const isValidAddress = (address: string): boolean => ZEmail.safeParse(address).success;

/**
 * Addresses typed or pasted, by a real address-list parser: `Ola <ola@x.no>, "Berg, Kari"
 * <kari@x.no>` gives two, as do lists one per line or with spaces between; names are dropped.
 */
export const parseAddresses = (text: string): string[] => parseAddressList(text).map((a) => a.address);

export interface TAddressOption {
  address: string;
  name: string;
  kind: TRecipientKind | null;
}

interface Props {
  label: string;
  value: string[];
  onChange: (value: string[]) => void;
  kindOf: (address: string) => TRecipientKind | null;
  /** Known people to suggest as the person types. */
  options: TAddressOption[];
  error?: string | null;
  autoFocus?: boolean;
}

/**
 * A recipient list as chips: each address marked customer, supplier or internal, an invalid one
 * marked red (it blocks sending). Enter, comma, semicolon, Tab or leaving the field makes a chip
 * of what was typed; a pasted list becomes several; Backspace in an empty field takes the last.
 */
export function RecipientField({ label, value, onChange, kindOf, options, error, autoFocus }: Props) {
  const { t } = useTranslation('compose');
  const combobox = useCombobox({ onDropdownClose: () => combobox.resetSelectedOption() });
  const [search, setSearch] = useState('');

  const add = (addresses: string[]) => {
    const known = new Set(value.map((a) => a.toLowerCase()));
    const fresh = addresses.filter((a) => {
      const k = a.toLowerCase();
      if (known.has(k)) return false;
      known.add(k);
      return true;
    });
    if (fresh.length > 0) onChange([...value, ...fresh]);
    setSearch('');
  };
  const commit = () => {
    if (search.trim()) add(parseAddresses(search));
  };
  const remove = (address: string) => onChange(value.filter((a) => a !== address));

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (['Enter', ',', ';'].includes(event.key) && search.trim()) {
      // Enter on a highlighted suggestion picks it (the combobox handles that).
      if (event.key === 'Enter' && combobox.getSelectedOptionIndex() >= 0) return;
      event.preventDefault();
      commit();
    } else if (event.key === 'Backspace' && search.length === 0 && value.length > 0) {
      event.preventDefault();
      onChange(value.slice(0, -1));
    }
  };
  const onPaste = (event: ClipboardEvent<HTMLInputElement>) => {
    const text = event.clipboardData.getData('text');
    if (!/[,;\s]/.test(text.trim())) return;
    event.preventDefault();
    add(parseAddresses(text));
  };

  const suggestionsFor = (text: string) => {
    const needle = text.trim().toLowerCase();
    return needle
      ? options
          .filter(
            (o) =>
              !value.some((a) => a.toLowerCase() === o.address.toLowerCase()) &&
              (o.address.toLowerCase().includes(needle) || o.name.toLowerCase().includes(needle)),
          )
          .slice(0, 8)
      : [];
  };
  const shown = suggestionsFor(search);
  // Open only with something to show: an empty list open out of sight would take the next Escape.
  const showSuggestionsFor = (text: string) => {
    if (suggestionsFor(text).length > 0) combobox.openDropdown();
    else combobox.closeDropdown();
  };
  const invalid = value.filter((a) => !isValidAddress(a));

  return (
    <Combobox
      store={combobox}
      onOptionSubmit={(address) => {
        add([address]);
        combobox.closeDropdown();
      }}
    >
      <Combobox.DropdownTarget>
        <PillsInput
          label={label}
          error={
            error ?? (invalid.length > 0 ? t('errors.invalidAddress', { address: invalid.join(', ') }) : null)
          }
          onClick={() => showSuggestionsFor(search)}
          size="sm"
        >
          <Pill.Group>
            {value.map((address) => {
              const kind = kindOf(address);
              const isInvalid = !isValidAddress(address);
              return (
                <Pill
                  key={address}
                  withRemoveButton
                  onRemove={() => remove(address)}
                  className={classes.pill}
                  data-kind={kind ?? undefined}
                  data-invalid={isInvalid || undefined}
                  data-testid="recipient-chip"
                  removeButtonProps={{ 'aria-label': t('recipients.remove', { address }) }}
                  title={
                    isInvalid ? t('recipients.invalid') : kind ? t(`recipients.kind.${kind}`) : undefined
                  }
                >
                  {kind && <span className={classes.kind}>{t(`recipients.kind.${kind}`)}</span>}
                  {address}
                </Pill>
              );
            })}
            <Combobox.EventsTarget>
              <PillsInput.Field
                value={search}
                aria-label={label}
                autoFocus={autoFocus}
                placeholder={value.length === 0 ? t('recipients.placeholder') : undefined}
                onChange={(event) => {
                  setSearch(event.currentTarget.value);
                  showSuggestionsFor(event.currentTarget.value);
                  combobox.updateSelectedOptionIndex();
                }}
                onKeyDown={onKeyDown}
                onPaste={onPaste}
                onBlur={() => {
                  commit();
                  combobox.closeDropdown();
                }}
              />
            </Combobox.EventsTarget>
          </Pill.Group>
        </PillsInput>
      </Combobox.DropdownTarget>
      <Combobox.Dropdown hidden={shown.length === 0}>
        <Combobox.Options>
          {shown.map((option) => (
            <Combobox.Option value={option.address} key={option.address}>
              <Text size="sm">{option.name || option.address}</Text>
              <Text size="xs" c="dimmed">
                {option.kind ? `${t(`recipients.kind.${option.kind}`)} · ` : ''}
                {option.address}
              </Text>
            </Combobox.Option>
          ))}
        </Combobox.Options>
      </Combobox.Dropdown>
    </Combobox>
  );
}
