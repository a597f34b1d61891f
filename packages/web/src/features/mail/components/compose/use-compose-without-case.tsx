import { Alert, Loader, Modal } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TMailLog } from '@claimdesk/contracts';
import { errorText } from '../../../../lib/notify';
import { mailQuery } from '../../api/get-mail';
import { onMailsChanged } from '../../api/list-mails';
import { useIsNarrow } from '../inbox/use-mail-cursor';
import type { TComposeOpen } from './compose-target';
import { useSentUndo } from './use-sent-undo';

const ComposeForm = lazy(() => import('./compose-form').then((m) => ({ default: m.ComposeForm })));

/** A mail without a case: a new one, the reply to an unmapped mail, or a kept draft continued. */
export type TComposeWithoutCase = { mode: 'new' } | { mode: 'reply' | 'draft'; mailId: number };

/** What the compose opens on, once the mail it answers or continues is read (its whole text). */
const openOf = (request: TComposeWithoutCase, mail: TMailLog | undefined): TComposeOpen | null => {
  if (request.mode === 'new') return { mode: 'new', sendType: 'customer', mailLogId: null };
  if (!mail) return null;
  return request.mode === 'reply'
    ? { mode: 'reply', sendType: 'customer', mailLogId: mail.id }
    : { mode: 'draft', sendType: 'customer', mailLogId: null, draft: mail };
};

function ComposeWithoutCaseModal({
  request,
  onClose,
  onSent,
}: {
  request: TComposeWithoutCase;
  onClose: () => void;
  onSent: (mail: TMailLog) => void;
}) {
  const { t } = useTranslation('compose');
  const isNarrow = useIsNarrow();
  const mailId = request.mode === 'new' ? 0 : request.mailId;
  const mail = useQuery(mailQuery(mailId));
  const open = openOf(request, mail.data);
  // The form closes itself (keeping the draft) on Esc and Close; the modal leaves that to it.
  return (
    <Modal
      opened
      onClose={onClose}
      closeOnEscape={false}
      withCloseButton={false}
      size="xl"
      fullScreen={isNarrow}
      padding={isNarrow ? 'xs' : 'md'}
      aria-label={t('withoutCase.label')}
    >
      {mail.isError && <Alert color="red">{errorText(mail.error)}</Alert>}
      {!open && !mail.isError && <Loader size="sm" aria-label={t('withoutCase.loading')} />}
      {open && (
        <Suspense fallback={<Loader size="sm" aria-label={t('withoutCase.loading')} />}>
          <ComposeForm
            workFlow={null}
            caseId={null}
            open={open}
            mails={request.mode === 'reply' && mail.data ? [mail.data] : []}
            onClose={onClose}
            onSent={onSent}
          />
        </Suspense>
      )}
    </Modal>
  );
}

/**
 * Writing a mail without a case from the inbox or the unmapped mails: `start` opens the compose
 * in a dialog (the whole screen on a phone); `element` renders it and the sent mail's Undo toast,
 * which brings the compose back as a draft.
 */
export function useComposeWithoutCase() {
  const client = useQueryClient();
  const [current, setCurrent] = useState<{ key: number; request: TComposeWithoutCase } | null>(null);
  const start = useCallback(
    (request: TComposeWithoutCase) => setCurrent((c) => ({ key: (c?.key ?? 0) + 1, request })),
    [],
  );
  const sent = useSentUndo((draft) => {
    client.setQueryData(mailQuery(draft.id).queryKey, draft);
    start({ mode: 'draft', mailId: draft.id });
  });
  const close = () => {
    setCurrent(null);
    onMailsChanged(client);
  };
  const element = (
    <>
      {current && (
        <ComposeWithoutCaseModal
          key={current.key}
          request={current.request}
          onClose={close}
          onSent={(mail) => {
            setCurrent(null);
            sent.announce(mail);
          }}
        />
      )}
      {sent.element}
    </>
  );
  return { start, element };
}
