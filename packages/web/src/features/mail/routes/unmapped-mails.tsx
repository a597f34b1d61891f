import { useTranslation } from 'react-i18next';
import { Navigate, useParams } from 'react-router';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { isUnmappedTab } from '../api/list-unmapped-mails';
import { UnmappedScreen } from '../components/unmapped/unmapped-screen';

/** unmapped-mails/all/{type}: type is inbox, sent, unparseable or bin. */
export function UnmappedMailsRoute() {
  const { type } = useParams();
  useDocumentTitle(useTranslation('inbox').t('unmapped.title'));
  if (!isUnmappedTab(type)) return <Navigate to="/unmapped-mails/all/inbox" replace />;
  return <UnmappedScreen key={type} type={type} />;
}
