import { Button, Group, Stack, Tabs } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import {
  IconChecks,
  IconFileAlert,
  IconPencil,
  IconPencilPlus,
  IconSend,
  IconTrash,
  IconTrashX,
} from '@tabler/icons-react';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { EmptyState } from '../../../../components/ui/empty-state';
import { PageHeader } from '../../../../components/ui/page-header';
import { UNMAPPED_TABS, useUnmappedMails, type TUnmappedTab } from '../../api/list-unmapped-mails';
import { usePageSuggestions } from '../../api/mail-suggestions';
import { useMarkReadStatus } from '../../api/mark-read-status';
import { useComposeWithoutCase } from '../compose/use-compose-without-case';
import { CasePicker, type TPickedCase } from '../inbox/case-picker';
import { MailList } from '../inbox/mail-list';
import classes from '../inbox/mail-list.module.css';
import { MailPaneView } from '../inbox/mail-pane-view';
import { MailRow } from '../inbox/mail-row';
import { ReadingPane } from '../inbox/reading-pane';
import { useUndoToast } from '../inbox/undo-toast';
import { useIsNarrow, useMailCursor } from '../inbox/use-mail-cursor';
import { useWorkflows } from '../inbox/use-workflows';
import { ShortcutsButton } from '../keyboard/shortcuts-button';
import { ShortcutsModal } from '../keyboard/shortcuts-modal';
import { useListKeys, type TListKey } from '../keyboard/use-list-keys';
import { BulkBar } from './bulk-bar';
import { EmptyBinModal } from './empty-bin-modal';
import { NewCaseModal } from './new-case-modal';
import { RowActions } from './row-actions';
import { SuggestionButtons } from './suggestion-buttons';
import { useSelection } from './use-selection';
import { useTriage } from './use-triage';

const UNMAPPED_KEYS: TListKey[] = ['next', 'previous', 'open', 'unread', 'map', 'newCase', 'delete', 'help'];
const EMPTY_ICON: Record<TUnmappedTab, typeof IconChecks> = {
  inbox: IconChecks,
  sent: IconSend,
  drafts: IconPencil,
  unparseable: IconFileAlert,
  bin: IconTrash,
};
const EMPTY_KEY: Record<TUnmappedTab, string> = {
  inbox: 'unmapped',
  sent: 'sent',
  drafts: 'drafts',
  unparseable: 'unparseable',
  bin: 'bin',
};

/** /unmapped-mails/all/{type}: the triage screen of the mails without a case. */
export function UnmappedScreen({ type }: { type: TUnmappedTab }) {
  const { t } = useTranslation('inbox');
  const navigate = useNavigate();
  const query = useUnmappedMails(type);
  const pages = useMemo(() => query.data?.pages.map((p) => p.items) ?? [], [query.data]);
  const mails = useMemo(() => pages.flat(), [pages]);
  const ids = useMemo(() => mails.map((m) => m.id), [mails]);
  const isBin = type === 'bin';
  const suggestions = usePageSuggestions(
    useMemo(
      () => (type === 'inbox' ? pages.map((p) => p.map((m) => m.id)).filter((p) => p.length > 0) : []),
      [pages, type],
    ),
  );
  const cursor = useMailCursor(mails);
  const selection = useSelection(ids);
  const isNarrow = useIsNarrow();
  const { nameOf } = useWorkflows();
  const undo = useUndoToast();
  const triage = useTriage(undo.show, selection.clear);
  const markRead = useMarkReadStatus();
  const [isHelpOpen, help] = useDisclosure(false);
  const [isEmptyOpen, emptyModal] = useDisclosure(false);
  const [pickFor, setPickFor] = useState<number[] | null>(null);
  const [newCaseFor, setNewCaseFor] = useState<number | null>(null);
  const compose = useComposeWithoutCase();
  // An inbound customer's or supplier's mail is answered; a draft is written on.
  const answerOf = (mail: { id: number; direction: string; mailLogType: string }) =>
    type === 'inbox' && mail.direction === 'in' && mail.mailLogType !== 'internal'
      ? () => compose.start({ mode: 'reply', mailId: mail.id })
      : undefined;
  const continueOf = (mail: { id: number }) =>
    type === 'drafts' ? () => compose.start({ mode: 'draft', mailId: mail.id }) : undefined;

  const markedRef = useRef<number | null>(null);
  const { openMail } = cursor;
  useEffect(() => {
    if (!openMail || markedRef.current === openMail.id) return;
    markedRef.current = openMail.id;
    if (openMail.direction === 'in' && !openMail.isRead) markRead.mutate({ id: openMail.id, isRead: true });
  }, [openMail, markRead]);

  // The selected mails when there are some, else the open one, else the one under the cursor.
  const target = cursor.openMail ?? cursor.cursorMail;
  const targets = (): number[] =>
    selection.selected.size > 0 ? [...selection.selected] : target ? [target.id] : [];

  const onPick = (picked: TPickedCase) => {
    if (pickFor) triage.mapTo(pickFor, picked.id, picked.caseNumber);
    setPickFor(null);
  };

  useListKeys({
    next: () => cursor.move(1),
    previous: () => cursor.move(-1),
    open: () => cursor.cursorMail && cursor.open(cursor.cursorMail.id),
    unread: () => {
      if (!target || target.direction !== 'in') return;
      markedRef.current = target.id;
      markRead.mutate({ id: target.id, isRead: false });
    },
    map: () => !isBin && targets().length > 0 && setPickFor(targets()),
    newCase: () => !isBin && target && setNewCaseFor(target.id),
    delete: () => {
      const chosen = targets();
      if (chosen.length > 0) (isBin ? triage.putBack : triage.remove)(chosen);
    },
    help: help.open,
  });

  const Icon = EMPTY_ICON[type];
  const list = (
    <>
      {selection.selected.size > 0 && (
        <BulkBar
          count={selection.selected.size}
          total={mails.length}
          isBin={isBin}
          disabled={triage.isBusy}
          onSelectAll={selection.selectAll}
          onClear={selection.clear}
          onMap={() => setPickFor([...selection.selected])}
          onDelete={() => triage.remove([...selection.selected])}
          onRestore={() => triage.putBack([...selection.selected])}
        />
      )}
      <MailList
        label={t(`unmapped.tabs.${type}`)}
        mails={mails}
        isPending={query.isPending}
        error={query.error}
        onRetry={() => void query.refetch()}
        hasNextPage={query.hasNextPage}
        isFetchingNextPage={query.isFetchingNextPage}
        onLoadMore={() => void query.fetchNextPage()}
        empty={
          <EmptyState
            icon={<Icon size={32} />}
            title={t(`empty.${EMPTY_KEY[type]}Title`)}
            description={t(`empty.${EMPTY_KEY[type]}Text`)}
          />
        }
        renderRow={(mail) => (
          <MailRow
            ref={cursor.rowRef(mail.id)}
            mail={mail}
            isActive={cursor.cursorMail?.id === mail.id}
            isOpen={cursor.openId === mail.id}
            onOpen={() => cursor.open(mail.id)}
            onFocus={() => cursor.point(mail.id)}
            workflowName={nameOf}
            isCaseShown={false}
            selection={{
              isSelected: selection.selected.has(mail.id),
              onToggle: (isRange) => selection.toggle(mail.id, isRange),
            }}
          >
            <Stack gap={6} mt={6}>
              {type === 'inbox' && (
                <SuggestionButtons
                  suggestions={suggestions.byMail.get(mail.id)}
                  isLoading={suggestions.isLoading && !suggestions.byMail.has(mail.id)}
                  workflowName={nameOf}
                  disabled={triage.isBusy}
                  onMap={(s) => triage.mapTo([mail.id], s.caseId, s.caseNumber)}
                />
              )}
              <RowActions
                isBin={isBin}
                disabled={triage.isBusy}
                onReply={answerOf(mail)}
                onContinue={continueOf(mail)}
                onMap={() => setPickFor([mail.id])}
                onNewCase={() => setNewCaseFor(mail.id)}
                onDelete={() => triage.remove([mail.id])}
                onRestore={() => triage.putBack([mail.id])}
              />
            </Stack>
          </MailRow>
        )}
      />
    </>
  );

  const open = cursor.openMail;
  const pane = (
    <ReadingPane
      isOpen={cursor.openId !== null}
      onBack={isNarrow ? cursor.close : undefined}
      actions={
        open && (
          <RowActions
            isBin={isBin}
            disabled={triage.isBusy}
            onReply={answerOf(open)}
            onContinue={continueOf(open)}
            onMap={() => setPickFor([open.id])}
            onNewCase={() => setNewCaseFor(open.id)}
            onDelete={() => triage.remove([open.id])}
            onRestore={() => triage.putBack([open.id])}
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
        title={t('unmapped.title')}
        description={t('unmapped.description')}
        actions={
          <Group gap="xs">
            <Button
              variant="light"
              leftSection={<IconPencilPlus size={16} aria-hidden />}
              onClick={() => compose.start({ mode: 'new' })}
            >
              {t('actions.newMail')}
            </Button>
            {isBin && mails.length > 0 && (
              <Button
                color="red"
                variant="light"
                leftSection={<IconTrashX size={16} aria-hidden />}
                onClick={emptyModal.open}
              >
                {t('actions.emptyBin')}
              </Button>
            )}
            <ShortcutsButton onClick={help.open} />
          </Group>
        }
      />
      <Tabs value={type} onChange={(value) => value && void navigate(`/unmapped-mails/all/${value}`)} mb="md">
        <Tabs.List>
          {UNMAPPED_TABS.map((tab) => (
            <Tabs.Tab key={tab} value={tab} data-testid={`tab-${tab}`}>
              {t(`unmapped.tabs.${tab}`)}
            </Tabs.Tab>
          ))}
        </Tabs.List>
      </Tabs>
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
        opened={pickFor !== null}
        title={
          pickFor && pickFor.length > 1
            ? t('picker.mapManyTitle', { count: pickFor.length })
            : t('picker.mapTitle')
        }
        onClose={() => setPickFor(null)}
        onPick={onPick}
      />
      <NewCaseModal
        opened={newCaseFor !== null}
        isSaving={triage.isCreating}
        onClose={() => setNewCaseFor(null)}
        onCreate={(workFlow) =>
          newCaseFor !== null && triage.newCase(newCaseFor, workFlow, () => setNewCaseFor(null))
        }
      />
      <EmptyBinModal
        opened={isEmptyOpen}
        isSaving={triage.isEmptying}
        onClose={emptyModal.close}
        onConfirm={() => triage.emptyBin(emptyModal.close)}
      />
      <ShortcutsModal opened={isHelpOpen} onClose={help.close} keys={UNMAPPED_KEYS} />
      {undo.element}
      {compose.element}
    </>
  );
}
