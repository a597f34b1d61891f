import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { TCase, TStatusOptionsConfig } from '@claimdesk/contracts';
import { useAssignees } from '../api/list-assignees';
import { itemTypeOptionsQuery } from '../api/list-item-type-options';
import { useSession } from '../../../lib/session';
import type { TFormChoices } from '../components/case-form-groups';
import { itemTypeName } from '../lib/item-type-name';

/** Choices of the case form's selects: assignees, and the enabled item types (plus those the case uses). */
export const useFormChoices = (
  statusOptions: TStatusOptionsConfig | undefined,
  current: TCase | null,
): TFormChoices => {
  const { i18n } = useTranslation();
  const assignees = useAssignees();
  // One-time-code contacts may not list the store's item types (403): their cases name them.
  const itemTypes = useQuery({ ...itemTypeOptionsQuery(), enabled: useSession().grantType === 'password' });
  return useMemo(() => {
    const used = new Set((current?.items ?? []).map((i) => i.itemTypeId));
    const people = (assignees.data ?? []).map((a) => ({
      value: a.username,
      label: a.fullName || a.username,
    }));
    if (current?.assignee && !people.some((p) => p.value === current.assignee))
      people.push({ value: current.assignee, label: current.assignee });
    return {
      statusOptions,
      assignees: people,
      itemTypes: (itemTypes.data ?? [])
        .filter((type) => !type.isDisabled || used.has(type.id))
        .map((type) => ({ value: String(type.id), label: itemTypeName(type, i18n.language) })),
    };
  }, [assignees.data, itemTypes.data, current, statusOptions, i18n.language]);
};
