import { fireEvent, render } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { useListKeys } from '../use-list-keys';

function Harness({ onNext, onOpen }: { onNext: () => void; onOpen: () => void }) {
  useListKeys({ next: onNext, open: onOpen });
  return (
    <>
      <input aria-label="search" />
      <input type="checkbox" aria-label="pick" />
      <button type="button">act</button>
    </>
  );
}

describe('the list shortcuts', () => {
  it('are ignored while typing, but work from a checkbox; Enter on a button stays the button’s', () => {
    const onNext = vi.fn();
    const onOpen = vi.fn();
    const { getByLabelText, getByRole } = render(<Harness onNext={onNext} onOpen={onOpen} />);
    fireEvent.keyDown(getByLabelText('search'), { key: 'j' });
    expect(onNext).not.toHaveBeenCalled();
    fireEvent.keyDown(getByLabelText('pick'), { key: 'j' });
    expect(onNext).toHaveBeenCalledTimes(1);
    fireEvent.keyDown(document.body, { key: 'j', ctrlKey: true });
    expect(onNext).toHaveBeenCalledTimes(1);
    fireEvent.keyDown(getByRole('button', { name: 'act' }), { key: 'Enter' });
    expect(onOpen).not.toHaveBeenCalled();
    fireEvent.keyDown(document.body, { key: 'Enter' });
    expect(onOpen).toHaveBeenCalledTimes(1);
  });
});
