import type { TCase } from '@claimdesk/contracts';
import { OutsideAccess } from './outside-access';
import { SendToSupplierBar } from './send-to-supplier-bar';
import { SendToSupplierPicker, type TSendToSupplierPickerProps } from './send-to-supplier-picker';

/** The case form's supplier field, composed into the case page by app/routes/cases. */
export const renderSupplierPicker = (props: TSendToSupplierPickerProps) => (
  <SendToSupplierPicker {...props} />
);

/** Above a case's tabs: its supplier, "Send to supplier", and who outside the store may see it. */
export const renderSendToSupplierBar = (current: TCase) => (
  <>
    <SendToSupplierBar current={current} />
    <OutsideAccess current={current} />
  </>
);
