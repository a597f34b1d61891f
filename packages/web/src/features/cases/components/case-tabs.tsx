import { Tabs } from '@mantine/core';
import type { ReactNode } from 'react';
import type { TFeatureConfig, TFormGroup, TTabsConfig } from '@claimdesk/contracts';
import { useConfigLabel } from '../hooks/use-config-label';

/** The tabs this user sees, with the form groups of each fields tab; groups on no visible tab go to the first. */
export const placeGroups = (tabs: TTabsConfig, features: TFeatureConfig, groups: TFormGroup[]) => {
  const visible = tabs.filter((tab) => !tab.feature || features[tab.feature]);
  const fieldTabs = visible.filter((tab) => tab.kind === 'fields').map((tab) => tab.key);
  const byTab = new Map<string, TFormGroup[]>(fieldTabs.map((key) => [key, []]));
  for (const group of groups) {
    const key = byTab.has(group.tab) ? group.tab : fieldTabs[0];
    if (key) byTab.get(key)?.push(group);
  }
  return { visible, byTab };
};

interface Props {
  tabs: TTabsConfig;
  active: string | null;
  onChange: (key: string) => void;
  render: (tab: TTabsConfig[number]) => ReactNode;
}

/** The case detail's tabs; every panel stays mounted so the form keeps the fields of hidden tabs. */
export function CaseTabs({ tabs, active, onChange, render }: Props) {
  const label = useConfigLabel();
  return (
    <Tabs value={active ?? tabs[0]?.key ?? null} onChange={(v) => v && onChange(v)} keepMounted>
      <Tabs.List mb="md">
        {tabs.map((tab) => (
          <Tabs.Tab key={tab.key} value={tab.key}>
            {label(tab.label)}
          </Tabs.Tab>
        ))}
      </Tabs.List>
      {tabs.map((tab) => (
        <Tabs.Panel key={tab.key} value={tab.key}>
          {render(tab)}
        </Tabs.Panel>
      ))}
    </Tabs>
  );
}
