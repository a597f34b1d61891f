import { useTranslation } from 'react-i18next';
import type { TMenuConfig, TMenuItem } from '@claimdesk/contracts';
import type { TMailCounts } from '../../features/reports/api/get-mail-count';
import { casesPath, DEFAULT_WORKFLOW } from '../../lib/menu-rules';
import { ConfigIcon } from './menu-icons';
import { MenuLink, type TMenuBadge } from './menu-link';

type TLeaf = Omit<TMenuItem, 'sub'>;

const useBadges = (counts: TMailCounts | undefined, workFlow: string, archived: boolean): TMenuBadge[] => {
  const { t } = useTranslation('common');
  const count = counts?.[archived ? 'archive' : 'open'][workFlow];
  if (!count) return [];
  const id = `${archived ? 'archive' : 'open'}-${workFlow}`;
  return [
    {
      count: count.unreadMailCount,
      color: 'orange',
      label: t('menu.unread', { count: count.unreadMailCount }),
      testId: `badge-unread-${id}`,
    },
    {
      count: count.sendPendingMailCount,
      color: 'gray',
      label: t('menu.unsent', { count: count.sendPendingMailCount }),
      testId: `badge-unsent-${id}`,
    },
  ];
};

function LeafLink({
  leaf,
  parent,
  counts,
  collapsed,
}: {
  leaf: TLeaf;
  parent?: TMenuItem;
  counts?: TMailCounts;
  collapsed: boolean;
}) {
  const { t } = useTranslation('common');
  const workFlow = leaf.workFlow ?? parent?.workFlow ?? DEFAULT_WORKFLOW;
  const archived = leaf.archived ?? false;
  const badges = useBadges(counts, workFlow, archived);
  const label = t(leaf.label, { defaultValue: leaf.label });
  return (
    <MenuLink
      to={casesPath(workFlow, archived)}
      label={collapsed && parent ? `${t(parent.label, { defaultValue: parent.label })}: ${label}` : label}
      icon={
        parent && !collapsed ? undefined : (
          <ConfigIcon name={collapsed && archived ? 'archive' : (leaf.icon ?? parent?.icon)} />
        )
      }
      collapsed={collapsed}
      badges={badges}
      testId={`menu-item-${leaf.key}`}
    />
  );
}

/** The configurable part of the side menu: workflow entries and groups (source, section 2). */
export function MenuConfigItems({
  menu,
  counts,
  collapsed,
}: {
  menu: TMenuConfig;
  counts?: TMailCounts;
  collapsed: boolean;
}) {
  const { t } = useTranslation('common');
  return (
    <>
      {menu.map((item) => {
        if (!item.sub || item.sub.length === 0)
          return <LeafLink key={item.key} leaf={item} counts={counts} collapsed={collapsed} />;
        if (collapsed) {
          return item.sub.map((leaf) => (
            <LeafLink key={leaf.key} leaf={leaf} parent={item} counts={counts} collapsed />
          ));
        }
        return (
          <MenuLink
            key={item.key}
            to={casesPath(item.workFlow ?? DEFAULT_WORKFLOW)}
            label={t(item.label, { defaultValue: item.label })}
            icon={<ConfigIcon name={item.icon} />}
            collapsed={false}
            defaultOpened
            testId={`menu-group-${item.key}`}
          >
            {item.sub.map((leaf) => (
              <LeafLink key={leaf.key} leaf={leaf} parent={item} counts={counts} collapsed={false} />
            ))}
          </MenuLink>
        );
      })}
    </>
  );
}
