import { useCallback, useMemo, useRef, useState } from 'react';

/** Checkbox selection over a list, with shift-click selecting the range from the last click. */
export const useSelection = (ids: number[]) => {
  const [selected, setSelected] = useState<ReadonlySet<number>>(new Set());
  const anchor = useRef<number | null>(null);

  // Mails that left the list (mapped, deleted) leave the selection too.
  const present = useMemo(() => new Set(ids), [ids]);
  const current = useMemo(() => new Set([...selected].filter((id) => present.has(id))), [selected, present]);

  const toggle = useCallback(
    (id: number, isRange: boolean) => {
      setSelected((previous) => {
        const next = new Set([...previous].filter((x) => present.has(x)));
        const from = anchor.current === null ? -1 : ids.indexOf(anchor.current);
        const to = ids.indexOf(id);
        if (isRange && from !== -1 && to !== -1) {
          const shouldSelect = !next.has(id);
          for (const x of ids.slice(Math.min(from, to), Math.max(from, to) + 1)) {
            if (shouldSelect) next.add(x);
            else next.delete(x);
          }
        } else if (next.has(id)) next.delete(id);
        else next.add(id);
        return next;
      });
      anchor.current = id;
    },
    [ids, present],
  );

  const clear = useCallback(() => setSelected(new Set()), []);
  const selectAll = useCallback(() => setSelected(new Set(ids)), [ids]);

  return { selected: current, toggle, clear, selectAll };
};
