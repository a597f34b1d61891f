import { Badge, Group, NavLink, Tooltip } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link, useLocation } from 'react-router';

export interface TMenuBadge {
  count: number;
  label: string;
  color: string;
  testId: string;
}

interface Props {
  to: string;
  label: string;
  icon: ReactNode;
  collapsed: boolean;
  badges?: TMenuBadge[];
  /** Shown after the label, e.g. a warning marker. */
  rightSection?: ReactNode;
  newTab?: boolean;
  exact?: boolean;
  children?: ReactNode;
  defaultOpened?: boolean;
  testId?: string;
}

const Badges = ({ badges }: { badges: TMenuBadge[] }) => (
  <Group gap={4} wrap="nowrap">
    {badges
      .filter((b) => b.count > 0)
      .map((b) => (
        <Badge
          key={b.testId}
          size="sm"
          color={b.color}
          variant="filled"
          circle={b.count < 10}
          aria-label={b.label}
          title={b.label}
          data-testid={b.testId}
        >
          {b.count > 99 ? '99+' : b.count}
        </Badge>
      ))}
  </Group>
);

/** One side-menu entry; collapsed, it shows its icon with the label as tooltip and accessible name. */
export function MenuLink({
  to,
  label,
  icon,
  collapsed,
  badges = [],
  rightSection,
  newTab,
  exact,
  children,
  defaultOpened,
  testId,
}: Props) {
  const { pathname } = useLocation();
  const isActive = !children && (exact ? pathname === to : pathname === to || pathname.startsWith(`${to}/`));
  const tabProps = newTab ? { target: '_blank', rel: 'noopener noreferrer' } : {};
  const hasBadge = badges.some((b) => b.count > 0);
  if (collapsed) {
    return (
      <Tooltip label={label} position="right" withArrow>
        <NavLink
          component={Link}
          to={to}
          aria-label={label}
          active={isActive}
          leftSection={icon}
          rightSection={
            hasBadge || rightSection ? (
              <Badge size="xs" circle color={rightSection ? 'yellow' : 'orange'} aria-hidden>
                {' '}
              </Badge>
            ) : undefined
          }
          data-testid={testId}
          {...tabProps}
        />
      </Tooltip>
    );
  }
  const right =
    (rightSection ?? hasBadge) ? (
      <Group gap={4} wrap="nowrap">
        {rightSection}
        <Badges badges={badges} />
      </Group>
    ) : undefined;
  if (children) {
    return (
      <NavLink
        component="button"
        type="button"
        label={
          <Group gap={6} wrap="nowrap" component="span">
            {label}
            {rightSection}
          </Group>
        }
        leftSection={icon}
        defaultOpened={defaultOpened}
        childrenOffset={28}
        data-testid={testId}
      >
        {children}
      </NavLink>
    );
  }
  return (
    <NavLink
      component={Link}
      to={to}
      label={label}
      leftSection={icon}
      rightSection={right}
      active={isActive}
      data-testid={testId}
      {...tabProps}
    />
  );
}
