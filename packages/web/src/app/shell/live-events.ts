import type { QueryClient } from '@tanstack/react-query';
import { caseQuery, caseKey } from '../../features/cases/api/get-case';
import { timelineKey } from '../../features/cases/api/get-case-timeline';
import { CASE_COSTS_KEY, caseCostsKey } from '../../features/costs/api/get-case-costs';
import { CASE_LISTS_KEY, CASES_KEY } from '../../features/cases/api/list-cases';
import { MAILS_KEY, mailKey } from '../../features/mail/api/get-mail';
import { CASE_MAILS_KEY } from '../../features/mail/api/list-case-mails';
import { INBOX_KEY } from '../../features/mail/api/list-mails';
import { UNMAPPED_KEY } from '../../features/mail/api/list-unmapped-mails';
import { MAIL_COUNT_KEY } from '../../features/reports/api/get-mail-count';
import { SUPPLIER_ANSWERS_KEY, supplierAnswersKey } from '../../features/supplier-portal/api/portal-keys';
import { i18n } from '../../lib/i18n';
import { setCasePeople } from '../../lib/live';
import type { TPushMessage } from '../../lib/live-socket';
import { notifyFailure } from '../../lib/notify';

type TKey = readonly unknown[];

/** Marks the queries stale; the ones on screen fetch again at once. */
const refresh = (client: QueryClient, keys: TKey[]) =>
  keys.forEach((queryKey) => void client.invalidateQueries({ queryKey }));

const caseMailsOf = (caseId: number): TKey => [...CASE_MAILS_KEY, caseId];

/** What each push event makes stale (PRODUCT.md "Live updates"). */
export const onLiveEvent = (client: QueryClient, message: TPushMessage): void => {
  switch (message.EVENT) {
    case 'MAIL_COUNT_UPDATED':
      refresh(client, [MAIL_COUNT_KEY, INBOX_KEY, UNMAPPED_KEY]);
      return;
    case 'CLAIM_MAIL_COUNT_UPDATED':
      // The case lists carry each case's unread and unsent badges.
      refresh(client, [MAIL_COUNT_KEY, INBOX_KEY, caseMailsOf(message.meta.caseId), CASE_LISTS_KEY]);
      return;
    case 'CASE_UPDATED': {
      const { caseId } = message.meta;
      // Costs change the case's timeline and raise this too; so does a supplier's answer.
      refresh(client, [
        caseKey(caseId),
        timelineKey(caseId),
        caseCostsKey(caseId),
        supplierAnswersKey(caseId),
        CASE_LISTS_KEY,
      ]);
      return;
    }
    case 'MAIL_SEND_FAILED': {
      const { caseId, mailLogId } = message.meta;
      refresh(client, [
        MAIL_COUNT_KEY,
        mailKey(mailLogId),
        caseId === null ? UNMAPPED_KEY : caseMailsOf(caseId),
      ]);
      const number =
        caseId === null ? undefined : client.getQueryData(caseQuery(caseId).queryKey)?.caseNumber;
      notifyFailure(
        number === undefined
          ? i18n.t('common:live.sendFailed')
          : i18n.t('common:live.sendFailedOnCase', { number }),
      );
      return;
    }
    case 'PRESENCE':
      setCasePeople(message.meta.caseId, message.meta.people);
      return;
  }
};

/**
 * After a (re)connect: events sent while no socket listened are lost, so what they would have
 * refreshed is fetched again. The first connection opens while the shell loads its counts, so
 * only those are fetched again then.
 */
export const onLiveReady = (client: QueryClient, isReconnect: boolean): void => {
  if (!isReconnect) {
    refresh(client, [MAIL_COUNT_KEY]);
    return;
  }
  // Only the queries on screen fetch again: the open lists, thread, case and its costs.
  refresh(client, [MAIL_COUNT_KEY, MAILS_KEY, CASES_KEY, CASE_COSTS_KEY, SUPPLIER_ANSWERS_KEY]);
};
