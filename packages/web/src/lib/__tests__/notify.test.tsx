import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { HttpError } from '../http-error';
import { notifyError, notifySuccess, notifyUndoable } from '../notify';
import { renderWithProviders } from '../testing/render';

describe('toasts', () => {
  it('shows the same failure once while it is up, and different ones each', async () => {
    renderWithProviders(<p>page</p>);
    const missing = new HttpError(404, 'NOT_FOUND', 'Supplier not found');
    // Two queries of one screen failing alike (the supplier and its cases).
    notifyError(missing);
    notifyError(missing);
    notifySuccess('Saved.');
    await screen.findByText('Saved.');
    await waitFor(() => expect(screen.getAllByRole('alert')).toHaveLength(2));
    expect(screen.getAllByText('It no longer exists.')).toHaveLength(1);
  });

  it('offers Undo on a toast that can be taken back, which closes it', async () => {
    renderWithProviders(<p>page</p>);
    const onUndo = vi.fn();
    notifyUndoable('The case was archived.', onUndo);
    const toast = (await screen.findByText('The case was archived.')).closest(
      '[role="alert"]',
    ) as HTMLElement;
    await userEvent.click(within(toast).getByRole('button', { name: 'Undo' }));
    expect(onUndo).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(screen.queryByText('The case was archived.')).toBeNull());
  });
});
