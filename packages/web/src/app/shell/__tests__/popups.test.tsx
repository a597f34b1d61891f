import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { draftEvents, preferenceEvents } from '../../../lib/events';
import { startSession } from '../../../lib/session';
import { json, mockFetch } from '../../../lib/testing/fetch-mock';
import { renderWithProviders } from '../../../lib/testing/render';
import { makeToken } from '../../../lib/testing/tokens';
import { DraftPopup } from '../draft-popup';
import { PreferencePopup } from '../preference-popup';

// Fake timers that also follow real time, so that waiting for the screen still works.
beforeEach(() => {
  vi.useFakeTimers({ shouldAdvanceTime: true });
  startSession(makeToken(), 'demo-store');
});
afterEach(() => vi.useRealTimers());

const tick = async (seconds: number) => {
  await act(async () => {
    await vi.advanceTimersByTimeAsync(seconds * 1000);
  });
};
const user = () => userEvent.setup({ advanceTimers: (ms) => vi.advanceTimersByTime(ms) });

describe('[POPUP] preferences', () => {
  it('counts down 20 seconds and then cancels without saving', async () => {
    const calls = mockFetch({});
    renderWithProviders(<PreferencePopup />);
    act(() => preferenceEvents.emit('PREFERENCE_CHANGED', { key: 'language', value: 'de' }));
    expect(await screen.findByRole('alertdialog')).toBeInTheDocument();
    expect(screen.getByTestId('countdown')).toHaveTextContent('20');
    await tick(19);
    expect(screen.getByTestId('countdown')).toHaveTextContent('1');
    await tick(1);
    await waitFor(() => expect(screen.queryByTestId('countdown')).not.toBeInTheDocument());
    expect(calls).toHaveLength(0);
  });

  it('a new change replaces by key and restarts the countdown; confirm saves all in one call', async () => {
    const calls = mockFetch({
      'PUT /v2/api/users/user-preference': () => json(200, { language: 'da', 'nav-show': false }),
    });
    renderWithProviders(<PreferencePopup />);
    act(() => preferenceEvents.emit('PREFERENCE_CHANGED', { key: 'language', value: 'de' }));
    await screen.findByRole('alertdialog');
    await tick(15);
    act(() => preferenceEvents.emit('PREFERENCE_CHANGED', { key: 'nav-show', value: false }));
    act(() => preferenceEvents.emit('PREFERENCE_CHANGED', { key: 'language', value: 'da' }));
    expect(screen.getByTestId('countdown')).toHaveTextContent('20');
    await user().click(screen.getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(JSON.parse(String(calls[0]?.body))).toEqual({ language: 'da', 'nav-show': false });
    expect(await screen.findByText('Preferences updated successfully')).toBeInTheDocument();
  });

  it('hides the buttons while saving and shows the failure as an error toast', async () => {
    let fail: (r: Response) => void = () => undefined;
    mockFetch({ 'PUT /v2/api/users/user-preference': () => new Promise<Response>((r) => (fail = r)) });
    renderWithProviders(<PreferencePopup />);
    act(() => preferenceEvents.emit('PREFERENCE_CHANGED', { key: 'language', value: 'de' }));
    await user().click(await screen.findByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Confirm' })).not.toBeInTheDocument());
    expect(screen.queryByRole('button', { name: 'Cancel' })).not.toBeInTheDocument();
    act(() => fail(json(500, { code: 'INTERNAL', message: 'x' })));
    const toast = await screen.findByText('Failed to update preferences');
    expect(toast.closest('.mantine-Notification-root')).toHaveStyle({
      '--notification-color': 'var(--mantine-color-red-filled)',
    });
  });
});

describe('[POPUP] draft', () => {
  it('keeps the draft when the 20-second countdown ends', async () => {
    mockFetch({});
    const save = vi.fn();
    const kept = vi.fn();
    const off = draftEvents.on('SET_DRAFT', kept);
    renderWithProviders(<DraftPopup />);
    act(() => draftEvents.emit('SAVE_DRAFT', { type: 'claim-chat', mailId: 7, body: 'Hello', save }));
    expect(await screen.findByText(/case conversation/)).toBeInTheDocument();
    await tick(20);
    await waitFor(() => expect(save).toHaveBeenCalledWith({ type: 'claim-chat', mailId: 7, body: 'Hello' }));
    expect(kept).toHaveBeenCalledWith({ type: 'claim-chat', mailId: 7, body: 'Hello' });
    off();
  });

  it('delete with a mail id deletes it; without one it only clears', async () => {
    mockFetch({});
    const remove = vi.fn();
    const deleted = vi.fn();
    const off = draftEvents.on('DELETE_DRAFT', deleted);
    renderWithProviders(<DraftPopup />);
    act(() => draftEvents.emit('SAVE_DRAFT', { type: 'unmapped-compose', mailId: 42, remove }));
    await user().click(await screen.findByRole('button', { name: 'Delete draft' }));
    await waitFor(() => expect(remove).toHaveBeenCalledWith(42));
    expect(deleted).toHaveBeenLastCalledWith({ type: 'unmapped-compose', mailId: 42 });

    act(() => draftEvents.emit('SAVE_DRAFT', { type: 'unmapped-chat', remove }));
    await user().click(await screen.findByRole('button', { name: 'Delete draft' }));
    await waitFor(() => expect(deleted).toHaveBeenLastCalledWith({ type: 'unmapped-chat', mailId: null }));
    expect(remove).toHaveBeenCalledTimes(1);
    off();
  });
});
