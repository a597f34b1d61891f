import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useForm } from 'react-hook-form';
import { vi } from 'vitest';
import {
  ALL_FEATURES_ON,
  DEFAULT_CLAIM_STATUS_OPTIONS,
  type TCase,
  type TCaseFields,
  type TFormConfig,
} from '@claimdesk/contracts';
import { renderWithProviders } from '../../../lib/testing/render';
import { CaseFormGroups } from '../components/case-form-groups';
import { toFormValues, toRequestFields, visibleFields, type TCaseFormValues } from '../lib/form-values';

interface Props {
  form: TFormConfig;
  source: TCase;
  onSave: (body: Partial<TCaseFields>) => void;
}

/** The case screen's form: validated on blur, Save enabled only when something changed. */
function CaseFormHarness({ form: config, source, onSave }: Props) {
  const form = useForm<TCaseFormValues>({
    defaultValues: toFormValues(config, source, 'new'),
    mode: 'onTouched',
  });
  const fields = visibleFields(config, ALL_FEATURES_ON);
  const onSubmit = form.handleSubmit((values) => onSave(toRequestFields(values, fields)));
  return (
    <form onSubmit={(e) => void onSubmit(e)} noValidate>
      <button type="submit" disabled={!form.formState.isDirty}>
        Save changes
      </button>
      <CaseFormGroups
        groups={config.groups}
        control={form.control}
        choices={{ statusOptions: DEFAULT_CLAIM_STATUS_OPTIONS, assignees: [], itemTypes: [] }}
      />
    </form>
  );
}

/**
 * Draws `form` with `source`'s values as the case screen does; `save` clicks Save, `onSave`
 * hears each request body the form sends.
 */
export function renderCaseForm(form: TFormConfig, source: TCase) {
  const onSave = vi.fn<(body: Partial<TCaseFields>) => void>();
  renderWithProviders(<CaseFormHarness form={form} source={source} onSave={onSave} />);
  return { onSave, save: () => userEvent.click(screen.getByRole('button', { name: 'Save changes' })) };
}
