import { CaseFormPreview } from '../../features/cases/components/case-form-preview';
import { FormsAndListsRoute } from '../../features/store-forms/routes/forms-and-lists';

const renderPreview = (props: Parameters<typeof CaseFormPreview>[0]) => <CaseFormPreview {...props} />;

/** The store's forms and lists, with the case screen's own form as their live preview. */
export function FormsAndListsGate() {
  return <FormsAndListsRoute renderPreview={renderPreview} />;
}
