import { Button, Group } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useQueryClient } from '@tanstack/react-query';
import { IconInbox, IconPencilPlus, IconSearchOff } from '@tabler/icons-react';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import type { TMessageSource } from '@claimdesk/contracts';
import { EmptyState } from '../../../../components/ui/empty-state';
import { PageHeader } from '../../../../components/ui/page-header';
import { useSession } from '../../../../lib/session';
import { ADMIN_ROLES, hasAnyRole } from '../../../../lib/constants';
import { useBinMails } from '../../api/delete-mail';
import { onMailsChanged, useInboxMails, type TInboxFilters } from '../../api/list-mails';
import { useMarkReadStatus } from '../../api/mark-read-status';
import { useMoveMails } from '../../api/move-mails';
import { restoreMails } from '../../api/restore-mail';
import { useComposeWithoutCase } from '../compose/use-compose-without-case';
import { ShortcutsButton } from '../keyboard/shortcuts-button';
import { ShortcutsModal } from '../keyboard/shortcuts-modal';
import { useListKeys, type TListKey } from '../keyboard/use-list-keys';
import { CasePicker, type TPickedCase } from './case-picker';
import { InboxFilters, readInboxFilters } from './inbox-filters';
import { MailList } from './mail-list';
import { MailRow } from './mail-row';
import classes from './mail-list.module.css';
import { MailPaneActions } from './mail-pane-actions';
import { MailPaneView } from './mail-pane-view';
import { ReadingPane } from './reading-pane';
import { SearchBox } from './search-box';
import { undoMove } from './move-undo';
import { useUndoToast } from './undo-toast';
import { useIsNarrow, useMailCursor } from './use-mail-cursor';
import { useWorkflows } from './use-workflows';

const INBOX_KEYS: TListKey[] = ['next', 'previous', 'open', 'unread', 'delete', 'search', 'help'];

interface Props {
  source: TMessageSource;
  search: string;
}

/** /messages/{messageSource}[/{searchKey}]: the store's mails, filters, search and a reading pane. */
export function InboxScreen({ source, search }: Props) {
  const { t } = useTranslation('inbox');
  const navigate = useNavigate();
  const client = useQueryClient();
  const [params, setParams] = useSearchParams();
  const { identity } = useSession();
  const filters = useMemo(
    () => ({ ...readInboxFilters(params), ...(search && { search }) }),
    [params, search],
  );
  const query = useInboxMails(source, filters);
  const mails = useMemo(() => query.data?.pages.flatMap((p) => p.items) ?? [], [query.data]);
  const cursor = useMailCursor(mails);
  const isNarrow = useIsNarrow();
  const { nameOf } = useWorkflows();
  const undo = useUndoToast();
  const compose = useComposeWithoutCase();
  const [isHelpOpen, help] = useDisclosure(false);
  const [pickerFor, setPickerFor] = useState<number | null>(null);
  const searchRef = useRef<HTMLInputElement>(null);

  const markRead = useMarkReadStatus();
  const move = useMoveMails();
  const bin = useBinMails();

  // Opening an unread mail marks it read, once per opening.
  const markedRef = useRef<number | null>(null);
  const { openMail } = cursor;
  useEffect(() => {
    if (!openMail || markedRef.current === openMail.id) return;
    markedRef.current = openMail.id;
    if (openMail.direction === 'in' && !openMail.isRead) markRead.mutate({ id: openMail.id, isRead: true });
  }, [openMail, markRead]);

  const onFilter = (key: keyof TInboxFilters, value: string | boolean | null) =>
    setParams((current) => {
      const next = new URLSearchParams(current);
      if (value === null || value === false || value === '') next.delete(key);
      else next.set(key, String(value));
      return next;
    });

  const onSearch = (text: string) => {
    const rest = params.toString();
    const path = text ? `/messages/${source}/${encodeURIComponent(text)}` : `/messages/${source}`;
    void navigate(rest ? `${path}?${rest}` : path, { replace: true });
  };

  const markUnread = (id: number) => {
    markedRef.current = id;
    markRead.mutate({ id, isRead: false });
  };

  const moveTo = (mailId: number, caseId: number | null, label: string) =>
    move.mutate(
      { mailIds: [mailId], caseId },
      {
        onSuccess: ({ moved }) => {
          if (moved.length === 0) return;
          undo.show(label, async () => {
            await undoMove(moved);
            onMailsChanged(client);
          });
        },
      },
    );

  const onPick = (picked: TPickedCase) => {
    if (pickerFor === null) return;
    moveTo(pickerFor, picked.id, t('toast.moved', { caseNumber: picked.caseNumber }));
    setPickerFor(null);
  };

  const binOne = (id: number) =>
    bin.mutate([id], {
      onSuccess: (binned) => {
        if (cursor.openId === id) cursor.close();
        undo.show(t('toast.deleted', { count: binned.length }), async () => {
          await restoreMails(binned);
          onMailsChanged(client);
        });
      },
    });

  const target = cursor.openMail ?? cursor.cursorMail;
  useListKeys({
    next: () => cursor.move(1),
    previous: () => cursor.move(-1),
    open: () => cursor.cursorMail && cursor.open(cursor.cursorMail.id),
    unread: () => target && markUnread(target.id),
    delete: () => target && binOne(target.id),
    search: () => searchRef.current?.focus(),
    help: help.open,
  });

  const isFiltered = Object.keys(filters).length > 0;
  const empty = isFiltered ? (
    <EmptyState
      icon={<IconSearchOff size={32} />}
      title={t('empty.filteredTitle')}
      description={t('empty.filteredText')}
    />
  ) : (
    <EmptyState
      icon={<IconInbox size={32} />}
      title={t('empty.inboxTitle')}
      description={t('empty.inboxText')}
    />
  );

  const list = (
    <MailList
      label={t('list.label')}
      mails={mails}
      isPending={query.isPending}
      error={query.error}
      onRetry={() => void query.refetch()}
      hasNextPage={query.hasNextPage}
      isFetchingNextPage={query.isFetchingNextPage}
      onLoadMore={() => void query.fetchNextPage()}
      empty={empty}
      renderRow={(mail) => (
        <MailRow
          ref={cursor.rowRef(mail.id)}
          mail={mail}
          isActive={cursor.cursorMail?.id === mail.id}
          isOpen={cursor.openId === mail.id}
          onOpen={() => cursor.open(mail.id)}
          onFocus={() => cursor.point(mail.id)}
          workflowName={nameOf}
        />
      )}
    />
  );

  const open = cursor.openMail;
  const pane = (
    <ReadingPane
      isOpen={cursor.openId !== null}
      onBack={isNarrow ? cursor.close : undefined}
      actions={
        open && (
          <MailPaneActions
            mail={open}
            onMarkUnread={() => markUnread(open.id)}
            onMoveToCase={() => setPickerFor(open.id)}
            onMoveToUnmapped={() => moveTo(open.id, null, t('toast.movedToUnmapped'))}
            onDelete={() => binOne(open.id)}
            onWriteWithoutCase={(mode) => compose.start({ mode, mailId: open.id })}
          />
        )
      }
    >
      {cursor.openId !== null && <MailPaneView key={cursor.openId} id={cursor.openId} mail={open} />}
    </ReadingPane>
  );

  return (
    <>
      <PageHeader
        title={t('inbox.title')}
        actions={
          <Group gap="xs" wrap="nowrap">
            <Button
              variant="light"
              leftSection={<IconPencilPlus size={16} aria-hidden />}
              onClick={() => compose.start({ mode: 'new' })}
            >
              {t('actions.newMail')}
            </Button>
            <SearchBox ref={searchRef} value={search} onSearch={onSearch} />
            <ShortcutsButton onClick={help.open} />
          </Group>
        }
      />
      <Group mb="md" justify="space-between">
        <InboxFilters
          filters={filters}
          onChange={onFilter}
          canFilterMailbox={
            identity?.grantType === 'password' && hasAnyRole(identity.authorities, ADMIN_ROLES)
          }
        />
        {isFiltered && (
          <Button variant="subtle" size="compact-sm" onClick={() => void navigate(`/messages/${source}`)}>
            {t('filters.clear')}
          </Button>
        )}
      </Group>
      {isNarrow ? (
        cursor.openId !== null ? (
          pane
        ) : (
          list
        )
      ) : (
        <div className={classes.split}>
          <div className={classes.listPane}>{list}</div>
          <div className={classes.readingPane}>{pane}</div>
        </div>
      )}
      <CasePicker
        opened={pickerFor !== null}
        title={t('picker.moveTitle')}
        currentCaseId={open?.caseId}
        onClose={() => setPickerFor(null)}
        onPick={onPick}
      />
      <ShortcutsModal opened={isHelpOpen} onClose={help.close} keys={INBOX_KEYS} />
      {undo.element}
      {compose.element}
    </>
  );
}
