import type { TLanguage, TMailTemplate, TMailTemplateSendType } from '@claimdesk/contracts';

/** One template key with its version in each language (a language without one is missing). */
export interface TTemplateGroup {
  key: string;
  workFlow: string;
  sendType: TMailTemplateSendType;
  byLanguage: Partial<Record<TLanguage, TMailTemplate>>;
}

export interface TTemplateFilter {
  workFlow: string | null;
  sendType: TMailTemplateSendType | null;
  language: TLanguage | null;
  /** Matched against the key and the subjects, case-insensitive. */
  search: string;
}

export const NO_FILTER: TTemplateFilter = { workFlow: null, sendType: null, language: null, search: '' };

/** The templates by key, in the list's order (workflow, then key). */
export const groupTemplates = (templates: readonly TMailTemplate[]): TTemplateGroup[] => {
  const groups = new Map<string, TTemplateGroup>();
  for (const template of templates) {
    const group = groups.get(template.key) ?? {
      key: template.key,
      workFlow: template.workFlow,
      sendType: template.sendType,
      byLanguage: {},
    };
    group.byLanguage[template.language] = template;
    groups.set(template.key, group);
  }
  return [...groups.values()].sort(
    (a, b) => a.workFlow.localeCompare(b.workFlow) || a.key.localeCompare(b.key),
  );
};

export const filterGroups = (
  groups: readonly TTemplateGroup[],
  filter: TTemplateFilter,
): TTemplateGroup[] => {
  const search = filter.search.trim().toLowerCase();
  return groups.filter(
    (group) =>
      (!filter.workFlow || group.workFlow === filter.workFlow) &&
      (!filter.sendType || group.sendType === filter.sendType) &&
      (!filter.language || group.byLanguage[filter.language] !== undefined) &&
      (!search ||
        group.key.includes(search) ||
        Object.values(group.byLanguage).some((t) => t.subject.toLowerCase().includes(search))),
  );
};

/** The groups under a heading per workflow, in order. */
export const byWorkflow = (groups: readonly TTemplateGroup[]): [string, TTemplateGroup[]][] => {
  const sections = new Map<string, TTemplateGroup[]>();
  for (const group of groups) sections.set(group.workFlow, [...(sections.get(group.workFlow) ?? []), group]);
  return [...sections];
};
