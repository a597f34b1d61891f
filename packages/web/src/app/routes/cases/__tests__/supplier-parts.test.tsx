import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ALL_FEATURES_ON, DEFAULT_CLAIM_FORM, DEFAULT_SUPPORT_FORM } from '@claimdesk/contracts';
import type { TGrantType } from '../../../../lib/session';
import { ShellContext, type TShellContext } from '../../../../lib/shell-context';
import { json, mockFetch } from '../../../../lib/testing/fetch-mock';
import { renderWithProviders } from '../../../../lib/testing/render';
import { useHasSupplierParts } from '../supplier-parts';

const CONFIG = '/v2/api/settings/initial-properties/json-config';

const shell = (grantType: TGrantType, supplier: boolean): TShellContext => ({
  grantType,
  features: { ...ALL_FEATURES_ON, supplier },
  menu: [],
  settings: null,
  preference: {},
  currentUser: null,
});

function PartsProbe({ workFlow }: { workFlow: string }) {
  return (
    <p>{useHasSupplierParts(workFlow) ? `${workFlow}: supplier bar` : `${workFlow}: no supplier bar`}</p>
  );
}

const renderProbes = (context: TShellContext) => {
  mockFetch({
    [`${CONFIG}/form.claim`]: () => json(200, DEFAULT_CLAIM_FORM),
    [`${CONFIG}/form.support`]: () => json(200, DEFAULT_SUPPORT_FORM),
  });
  renderWithProviders(
    <ShellContext.Provider value={context}>
      <PartsProbe workFlow="claim" />
      <PartsProbe workFlow="support" />
    </ShellContext.Provider>,
  );
};

describe('[CASES] the supplier picker and bar of a workflow', () => {
  it('are drawn for claims, whose form asks for the supplier, and not for support questions', async () => {
    renderProbes(shell('password', true));
    expect(await screen.findByText('claim: supplier bar')).toBeInTheDocument();
    expect(screen.getByText('support: no supplier bar')).toBeInTheDocument();
  });

  it('are not drawn when the store has suppliers off', async () => {
    renderProbes(shell('password', false));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.getByText('claim: no supplier bar')).toBeInTheDocument();
  });
});
