import { useMediaQuery } from '@mantine/hooks';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import type { TListMail } from './mail-row';

/** The URL keeps the open mail (`?open=123`), so a reload or a shared link opens it again. */
export const OPEN_PARAM = 'open';

/** Under 768 px the list and the pane take turns in one column. */
export const useIsNarrow = (): boolean => useMediaQuery('(max-width: 47.99em)') ?? false;

/**
 * The list's keyboard cursor and the open mail: j/k move the cursor (and focus its row), Enter
 * opens the mail under it in the pane, and the open mail's id stays in the URL.
 */
export const useMailCursor = (mails: TListMail[]) => {
  const [params, setParams] = useSearchParams();
  const openId = Number(params.get(OPEN_PARAM)) || null;
  const [cursorId, setCursorId] = useState<number | null>(openId);
  const rows = useRef(new Map<number, HTMLDivElement>());

  const openMail = useMemo(() => mails.find((m) => m.id === openId) ?? null, [mails, openId]);
  const cursorIndex = Math.max(
    0,
    mails.findIndex((m) => m.id === cursorId),
  );
  const cursorMail = mails[cursorIndex] ?? null;

  const setOpen = useCallback(
    (id: number | null) =>
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          if (id === null) next.delete(OPEN_PARAM);
          else next.set(OPEN_PARAM, String(id));
          return next;
        },
        { replace: id !== null && current(params) !== null },
      ),
    [setParams, params],
  );

  const open = useCallback(
    (id: number) => {
      setCursorId(id);
      setOpen(id);
    },
    [setOpen],
  );

  const move = useCallback(
    (step: 1 | -1) => {
      if (mails.length === 0) return;
      const index = cursorId === null ? (step === 1 ? 0 : mails.length - 1) : cursorIndex + step;
      const next = mails[Math.min(mails.length - 1, Math.max(0, index))];
      if (!next) return;
      setCursorId(next.id);
      rows.current.get(next.id)?.focus();
    },
    [mails, cursorId, cursorIndex],
  );

  // When the mail under the cursor leaves the list (mapped, moved, deleted), the cursor stays in place.
  const lastIndex = useRef(0);
  useEffect(() => {
    if (cursorId !== null && mails.some((m) => m.id === cursorId)) {
      lastIndex.current = cursorIndex;
      return;
    }
    const fallback = mails[Math.min(lastIndex.current, mails.length - 1)];
    if (cursorId !== null && fallback) setCursorId(fallback.id);
  }, [mails, cursorId, cursorIndex]);

  const rowRef = useCallback(
    (id: number) => (element: HTMLDivElement | null) => {
      if (element) rows.current.set(id, element);
      else rows.current.delete(id);
    },
    [],
  );

  return { openId, openMail, cursorMail, open, close: () => setOpen(null), move, rowRef, point: setCursorId };
};

const current = (params: URLSearchParams) => params.get(OPEN_PARAM);
