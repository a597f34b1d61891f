import type { TCase } from '@claimdesk/contracts';
import { OutsideAccess } from './outside-access';
import { SendToSupplierBar } from './send-to-supplier-bar';
import { SendToSupplierPicker, type TSendToSupplierPickerProps } from './send-to-supplier-picker';

/** What the case page's supplier slot draws (app/ hands it to the cases feature). */
export const sendToSupplierSlot = {
  renderPicker: (props: TSendToSupplierPickerProps) => <SendToSupplierPicker {...props} />,
  renderBar: (current: TCase) => (
    <>
      <SendToSupplierBar current={current} />
      <OutsideAccess current={current} />
    </>
  ),
};
