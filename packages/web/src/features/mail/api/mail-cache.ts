import type { QueryClient } from '@tanstack/react-query';
import type { TMailLog } from '@claimdesk/contracts';
import { MAILS_KEY, mailKey } from './get-mail';
import { CASE_MAILS_KEY } from './list-case-mails';

/** Keys of other features, by their literals: features may not import each other. */
const MAIL_COUNT_KEY = ['mail-count'] as const;
const CASES_KEY = ['cases'] as const;

/**
 * Puts a changed mail into the caches that hold it (its detail, the case threads) and refreshes
 * what is counted from it: the other mail lists, the menu's mail counts and the cases (their
 * unread and unsent badges).
 */
export const onMailChanged = (client: QueryClient, mail: TMailLog): void => {
  client.setQueryData(mailKey(mail.id), mail);
  client.setQueriesData<TMailLog[]>({ queryKey: CASE_MAILS_KEY }, (list) =>
    list?.map((item) => (item.id === mail.id ? mail : item)),
  );
  void client.invalidateQueries({
    queryKey: MAILS_KEY,
    predicate: (query) => query.queryKey[1] !== 'detail' && query.queryKey[1] !== 'case',
  });
  void client.invalidateQueries({ queryKey: MAIL_COUNT_KEY });
  void client.invalidateQueries({ queryKey: CASES_KEY });
};
