import { Badge, Group } from '@mantine/core';
import { IconMail, IconReceipt } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { TCase, TFormConfig, TAssignee, TStatusOptionsConfig, TTab } from '@claimdesk/contracts';
import { EmptyState } from '../../../components/ui/empty-state';
import type { TCaseParts } from '../lib/case-parts';
import { CaseTimeline } from './case-timeline';

interface Props {
  tab: TTab;
  current: TCase;
  form: TFormConfig;
  statusOptions: TStatusOptionsConfig;
  assignees: TAssignee[] | undefined;
  fieldsPanel: ReactNode;
  /** Other features' tabs, composed in by the app layer. */
  wingTabs: TCaseParts['tabs'];
}

/** What one tab shows: form groups, the timeline, or another feature's tab (mails, costs, supplier). */
export function CaseTabPanel({ tab, current, form, statusOptions, assignees, fieldsPanel, wingTabs }: Props) {
  const { t } = useTranslation('cases');
  switch (tab.kind) {
    case 'fields':
      return fieldsPanel;
    case 'timeline':
      return (
        <CaseTimeline caseId={current.id} form={form} statusOptions={statusOptions} assignees={assignees} />
      );
    case 'mails':
      if (wingTabs.mails) return wingTabs.mails(current);
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
      return wingTabs.supplier?.(current) ?? null;
    case 'costs':
      if (wingTabs.costs) return wingTabs.costs(current);
      return (
        <EmptyState
          icon={<IconReceipt size={32} />}
          title={t('costs.title')}
          description={t('costs.empty')}
        />
      );
  }
}
