import { Badge, Group } from '@mantine/core';
import { IconMail, IconReceipt } from '@tabler/icons-react';
import { use, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { TCase, TFormConfig, TAssignee, TStatusOptionsConfig, TTab } from '@claimdesk/contracts';
import { EmptyState } from '../../../components/ui/empty-state';
import { CaseCostsSlot } from './case-costs-slot';
import { CaseMailsSlot } from './case-mails-slot';
import { CaseSupplierSlot } from './case-supplier-slot';
import { CaseTimeline } from './case-timeline';

interface Props {
  tab: TTab;
  current: TCase;
  form: TFormConfig;
  statusOptions: TStatusOptionsConfig;
  assignees: TAssignee[] | undefined;
  fieldsPanel: ReactNode;
}

/** What one tab shows: form groups, the timeline, the mails (from the slot app/ fills), or the costs a later screen fills. */
export function CaseTabPanel({ tab, current, form, statusOptions, assignees, fieldsPanel }: Props) {
  const { t } = useTranslation('cases');
  const renderMails = use(CaseMailsSlot);
  const costsSlot = use(CaseCostsSlot);
  const supplierSlot = use(CaseSupplierSlot);
  switch (tab.kind) {
    case 'fields':
      return fieldsPanel;
    case 'timeline':
      return (
        <CaseTimeline caseId={current.id} form={form} statusOptions={statusOptions} assignees={assignees} />
      );
    case 'mails':
      if (renderMails) return renderMails(current.id, current);
      return (
        <EmptyState
          icon={<IconMail size={32} />}
          title={t('mails.title')}
          description={t('mails.empty')}
          action={
            current.unreadMailCount + current.sendPendingMailCount > 0 ? (
              <Group gap="xs">
                <Badge color="orange" tt="none">
                  {t('mails.unread', { count: current.unreadMailCount })}
                </Badge>
                <Badge color="gray" tt="none">
                  {t('mails.unsent', { count: current.sendPendingMailCount })}
                </Badge>
              </Group>
            ) : undefined
          }
        />
      );
    case 'supplier':
      return supplierSlot?.renderTab(current) ?? null;
    case 'costs':
      if (costsSlot) return costsSlot.renderCosts(current);
      return (
        <EmptyState
          icon={<IconReceipt size={32} />}
          title={t('costs.title')}
          description={t('costs.empty')}
        />
      );
  }
}
