import { notifications as toasts } from '@mantine/notifications';
import { useMutation } from '@tanstack/react-query';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { http } from '../http';
import { startSession } from '../session';
import { json, mockFetch } from '../testing/fetch-mock';
import { renderWithProviders } from '../testing/render';
import { makeToken } from '../testing/tokens';

const INTERNAL_TEXT = "An error occurred and your request couldn't be fulfilled.";
const CONFLICT_TEXT = 'This conflicts with a change made in the meantime.';

const post = (path: string) => () => http(path, { method: 'POST', body: {}, responseType: 'none' });

/** One button per mutation: one left to the global handling, one whose screen shows the error itself. */
function TwoMutations({ onOwnError }: { onOwnError: (error: unknown) => void }) {
  const byDefault = useMutation({ mutationFn: post('/v2/api/by-default') });
  const handled = useMutation({ mutationFn: post('/v2/api/handled'), meta: { handlesErrors: true } });
  return (
    <>
      <button onClick={() => byDefault.mutate()}>default</button>
      <button onClick={() => handled.mutate(undefined, { onError: onOwnError })}>handled</button>
    </>
  );
}

const notifications = () => document.querySelectorAll('.mantine-Notification-root');

beforeEach(() => startSession(makeToken(), 'demo-store'));
// The toast store outlives a render: start each test with none.
afterEach(() => act(() => toasts.clean()));

describe('[QUERY CLIENT] failed mutations', () => {
  it('shows one global toast for a mutation that does not opt out', async () => {
    mockFetch({ 'POST /v2/api/by-default': () => json(500, { code: 'INTERNAL', message: 'x' }) });
    renderWithProviders(<TwoMutations onOwnError={vi.fn()} />);
    await userEvent.click(screen.getByRole('button', { name: 'default' }));
    expect(await screen.findByText(INTERNAL_TEXT)).toBeInTheDocument();
    expect(notifications()).toHaveLength(1);
  });

  it('shows no toast for a mutation whose screen handles its errors, and still calls its onError', async () => {
    mockFetch({
      'POST /v2/api/handled': () => json(409, { code: 'CONFLICT', message: 'x' }),
      'POST /v2/api/by-default': () => json(500, { code: 'INTERNAL', message: 'x' }),
    });
    const onOwnError = vi.fn();
    renderWithProviders(<TwoMutations onOwnError={onOwnError} />);
    await userEvent.click(screen.getByRole('button', { name: 'handled' }));
    await waitFor(() => expect(onOwnError).toHaveBeenCalledTimes(1));
    // Toasts appear in the order asked for: once the later default one is there, an earlier
    // toast for the handled failure would be too.
    await userEvent.click(screen.getByRole('button', { name: 'default' }));
    expect(await screen.findByText(INTERNAL_TEXT)).toBeInTheDocument();
    expect(screen.queryByText(CONFLICT_TEXT)).not.toBeInTheDocument();
    expect(notifications()).toHaveLength(1);
  });
});
