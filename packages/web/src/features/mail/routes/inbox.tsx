import { skipToken, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Navigate, useParams } from 'react-router';
import { ZMessageSource } from '@claimdesk/contracts';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { MAIL_COUNT_KEY } from '../api/list-mails';
import { InboxScreen } from '../components/inbox/inbox-screen';

/** messages/{messageSource} and messages/{messageSource}/{searchKey}: the inbox at /messages/mail. */
export function InboxRoute() {
  const { messageSource, searchKey = '' } = useParams();
  const { t } = useTranslation('inbox');
  // The shell's mail counts (read there, never fetched here): the tab shows the unread count.
  const unread = useQuery({
    queryKey: MAIL_COUNT_KEY,
    queryFn: skipToken,
    select: (counts: unknown) => (counts as { inbox?: number } | undefined)?.inbox,
  }).data;
  useDocumentTitle(t('inbox.title'), unread);
  const source = ZMessageSource.safeParse(messageSource);
  if (!source.success) return <Navigate to="/not-found" replace />;
  return <InboxScreen source={source.data} search={searchKey} />;
}
