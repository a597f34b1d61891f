import { useParams } from 'react-router';
import { CaseCreateRoute } from '../../../features/cases/routes/case-create';
import { renderSupplierPicker } from '../../../features/suppliers/components/render-send-to-supplier';
import { useHasSupplierParts } from './supplier-parts';

/** A new case (and the support form's preview), with the suppliers feature's picker where it belongs. */
export function CaseNewPage({ isPreview = false }: { isPreview?: boolean }) {
  const { workFlow = 'claim' } = useParams();
  const hasSupplier = useHasSupplierParts(workFlow);
  return <CaseCreateRoute isPreview={isPreview} supplierPicker={hasSupplier ? renderSupplierPicker : null} />;
}
