import { Navigate, useParams } from 'react-router';
import { ZMessageSource } from '@claimdesk/contracts';
import { InboxScreen } from '../components/inbox/inbox-screen';

/** messages/{messageSource} and messages/{messageSource}/{searchKey}: the inbox at /messages/mail. */
export function InboxRoute() {
  const { messageSource, searchKey = '' } = useParams();
  const source = ZMessageSource.safeParse(messageSource);
  if (!source.success) return <Navigate to="/not-found" replace />;
  return <InboxScreen source={source.data} search={searchKey} />;
}
