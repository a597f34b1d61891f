import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { DEFAULT_CLAIM_FORM, DEFAULT_SUPPORT_FORM } from '@claimdesk/contracts';
import { json, mockFetch } from '../../../lib/testing/fetch-mock';
import { renderWithProviders } from '../../../lib/testing/render';
import { useSendSlot } from '../use-send-slot';

const CONFIG = '/v2/api/settings/initial-properties/json-config';

function SlotProbe({ workFlow }: { workFlow: string }) {
  const slot = useSendSlot(workFlow, 'password');
  return <p>{slot ? `${workFlow}: supplier bar` : `${workFlow}: no supplier bar`}</p>;
}

describe('[CASES] the supplier bar of a workflow', () => {
  it('is drawn for claims, whose form asks for the supplier, and not for support questions', async () => {
    mockFetch({
      [`${CONFIG}/form.claim`]: () => json(200, DEFAULT_CLAIM_FORM),
      [`${CONFIG}/form.support`]: () => json(200, DEFAULT_SUPPORT_FORM),
    });
    renderWithProviders(
      <>
        <SlotProbe workFlow="claim" />
        <SlotProbe workFlow="support" />
      </>,
    );
    expect(await screen.findByText('claim: supplier bar')).toBeInTheDocument();
    expect(screen.getByText('support: no supplier bar')).toBeInTheDocument();
  });
});
