import { act, renderHook } from '@testing-library/react';
import type { TDraftType } from '@claimdesk/contracts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { draftEvents } from '../../../../../lib/events';
import { mailLog } from '../../../testing/mail-log';
import { DRAFT_SAVE_DELAY_MS, useDraftAutosave } from '../use-draft-autosave';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

const setup = (type?: TDraftType) => {
  const save = vi.fn((draftId: number | null) =>
    Promise.resolve(mailLog({ id: draftId ?? 77, sendState: 'draft' })),
  );
  const hook = renderHook(
    ({ revision }) =>
      useDraftAutosave({
        initialDraftId: null,
        revision,
        save,
        subject: 'Re: kettle',
        isEnabled: true,
        type,
      }),
    { initialProps: { revision: 0 } },
  );
  return { save, hook };
};

describe('useDraftAutosave', () => {
  it('saves two seconds after the last change, creating the draft once and updating it after', async () => {
    const { save, hook } = setup();
    hook.rerender({ revision: 1 });
    await act(() => vi.advanceTimersByTimeAsync(DRAFT_SAVE_DELAY_MS - 500));
    hook.rerender({ revision: 2 });
    await act(() => vi.advanceTimersByTimeAsync(DRAFT_SAVE_DELAY_MS - 500));
    expect(save).not.toHaveBeenCalled();
    await act(() => vi.advanceTimersByTimeAsync(600));
    expect(save).toHaveBeenCalledTimes(1);
    expect(save).toHaveBeenLastCalledWith(null);
    expect(hook.result.current.status.kind).toBe('saved');
    hook.rerender({ revision: 3 });
    await act(() => vi.advanceTimersByTimeAsync(DRAFT_SAVE_DELAY_MS + 10));
    expect(save).toHaveBeenLastCalledWith(77);
  });

  it('saves at once and raises the draft pop-up when the compose is left with changes', async () => {
    const { save, hook } = setup();
    const asked = vi.fn();
    const off = draftEvents.on('SAVE_DRAFT', asked);
    hook.rerender({ revision: 1 });
    hook.unmount();
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(save).toHaveBeenCalledTimes(1);
    expect(asked).toHaveBeenCalledWith(
      expect.objectContaining({ type: 'claim-chat', mailId: 77, subject: 'Re: kettle' }),
    );
    off();
  });

  it('names the draft type of a mail without a case in the pop-up', async () => {
    const { hook } = setup('unmapped-chat');
    const asked = vi.fn();
    const off = draftEvents.on('SAVE_DRAFT', asked);
    hook.rerender({ revision: 1 });
    hook.unmount();
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(asked).toHaveBeenCalledWith(expect.objectContaining({ type: 'unmapped-chat', mailId: 77 }));
    off();
  });

  it('saves nothing more and asks nothing once finished (sent or discarded)', async () => {
    const { save, hook } = setup();
    const asked = vi.fn();
    const off = draftEvents.on('SAVE_DRAFT', asked);
    hook.rerender({ revision: 1 });
    hook.result.current.finish();
    await act(() => vi.advanceTimersByTimeAsync(DRAFT_SAVE_DELAY_MS + 10));
    hook.unmount();
    expect(save).not.toHaveBeenCalled();
    expect(asked).not.toHaveBeenCalled();
    off();
  });
});
