import { useEffect, useRef } from 'react';

/** The keys of the mail screens (issue 21, point 7); each screen binds those it offers. */
export type TListKey =
  | 'next'
  | 'previous'
  | 'open'
  | 'unread'
  | 'map'
  | 'newCase'
  | 'delete'
  | 'search'
  | 'help'
  | 'reply'
  | 'replyAll'
  | 'forward'
  | 'compose';

const KEY_OF: Record<string, TListKey> = {
  j: 'next',
  k: 'previous',
  Enter: 'open',
  u: 'unread',
  m: 'map',
  n: 'newCase',
  '#': 'delete',
  '/': 'search',
  '?': 'help',
  r: 'reply',
  a: 'replyAll',
  f: 'forward',
  c: 'compose',
};

/** Typing in a field, an editor or a select never triggers a shortcut. */
export const isTyping = (target: EventTarget | null): boolean => {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable) return true;
  if (target instanceof HTMLInputElement)
    return !['checkbox', 'radio', 'button', 'submit'].includes(target.type);
  return target.tagName === 'TEXTAREA' || target.tagName === 'SELECT';
};

/** Enter on a button, a link or a checkbox does what that element does, not "open". */
const isControl = (target: EventTarget | null): boolean =>
  target instanceof HTMLElement &&
  target !== document.body &&
  target.closest('button, a[href], [role="button"], [role="checkbox"], [role="tab"], [role="menuitem"]') !==
    null;

export const keyOf = (event: KeyboardEvent): TListKey | null => {
  // A key the focused element handled itself (Enter on a row opens that row) is not a shortcut.
  if (event.defaultPrevented || event.ctrlKey || event.metaKey || event.altKey) return null;
  const key = KEY_OF[event.key];
  if (!key || isTyping(event.target)) return null;
  if (key === 'open' && isControl(event.target)) return null;
  // A dialog open above the screen (the shortcut list, a picker) takes the keys itself.
  if (document.querySelector('[role="dialog"][aria-modal="true"]')) return null;
  return key;
};

/** Binds the screen's shortcuts on the document while `enabled`; the handlers may change each render. */
export const useListKeys = (handlers: Partial<Record<TListKey, () => void>>, enabled = true): void => {
  const ref = useRef(handlers);
  ref.current = handlers;
  useEffect(() => {
    if (!enabled) return undefined;
    const onKeyDown = (event: KeyboardEvent) => {
      const key = keyOf(event);
      const handler = key ? ref.current[key] : undefined;
      if (!handler) return;
      event.preventDefault();
      handler();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [enabled]);
};
