import { Anchor } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { TFields } from './compose-fields';
import { CustomerOffer } from './customer-offer';
import { RecipientField, type TAddressOption } from './recipient-field';
import type { TRecipientKind } from './recipient-kinds';

interface Props {
  fields: TFields;
  onChange: (patch: Partial<TFields> | ((f: TFields) => Partial<TFields>)) => void;
  kindOf: (address: string) => TRecipientKind | null;
  options: TAddressOption[];
  /** The case's customer, offered when not among the recipients. */
  customerEmail: string | null | undefined;
  showCc: boolean;
  onShowCc: () => void;
}

/** To, the case's customer offered, and Cc and Bcc once asked for. */
export function ComposeRecipients({
  fields,
  onChange,
  kindOf,
  options,
  customerEmail,
  showCc,
  onShowCc,
}: Props) {
  const { t } = useTranslation('compose');
  return (
    <>
      <RecipientField
        label={t('fields.to')}
        value={fields.to}
        onChange={(to) => onChange({ to })}
        kindOf={kindOf}
        options={options}
        autoFocus={fields.to.length === 0}
      />
      <CustomerOffer
        customerEmail={customerEmail}
        recipients={[...fields.to, ...fields.cc, ...fields.bcc]}
        onAdd={(address) => onChange((f) => ({ to: [...f.to, address] }))}
      />
      {showCc ? (
        <>
          <RecipientField
            label={t('fields.cc')}
            value={fields.cc}
            onChange={(cc) => onChange({ cc })}
            kindOf={kindOf}
            options={options}
          />
          <RecipientField
            label={t('fields.bcc')}
            value={fields.bcc}
            onChange={(bcc) => onChange({ bcc })}
            kindOf={kindOf}
            options={options}
          />
        </>
      ) : (
        <Anchor component="button" type="button" size="sm" onClick={onShowCc} w="fit-content">
          {t('actions.showCc')}
        </Anchor>
      )}
    </>
  );
}
