import { renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { documentTitle, useDocumentTitle } from '../use-document-title';

describe('the browser tab title', () => {
  it('is the screen, its count when above 0, and the product', () => {
    expect(documentTitle('Inbox', 3)).toBe('Inbox (3) · Claimdesk');
    expect(documentTitle('Inbox', 0)).toBe('Inbox · Claimdesk');
    expect(documentTitle('Case #10201')).toBe('Case #10201 · Claimdesk');
  });

  it('follows the screen, and keeps the last title while the next one is not known', () => {
    document.title = 'Claimdesk';
    const props: { title: string | null; count?: number } = { title: 'Inbox', count: 2 };
    const { rerender } = renderHook((p: typeof props) => useDocumentTitle(p.title, p.count), {
      initialProps: props,
    });
    expect(document.title).toBe('Inbox (2) · Claimdesk');
    rerender({ title: 'Inbox', count: 5 });
    expect(document.title).toBe('Inbox (5) · Claimdesk');
    rerender({ title: null });
    expect(document.title).toBe('Inbox (5) · Claimdesk');
    rerender({ title: 'Übersicht' });
    expect(document.title).toBe('Übersicht · Claimdesk');
  });
});
