import { useEffect, useState, type RefObject } from 'react';

interface TOptions {
  isEnabled?: boolean;
  /** How far outside the viewport still counts (an IntersectionObserver rootMargin). */
  margin?: string;
  /** Once shown, stays shown (for drawing something once it comes near). */
  isSticky?: boolean;
}

/**
 * Whether an element is on screen: the case page keeps hidden tabs mounted, and a mail counts as
 * read only when the reader could see it. Without IntersectionObserver it counts as shown.
 */
export const useIsShown = (
  ref: RefObject<Element | null>,
  { isEnabled = true, margin = '0px', isSticky = false }: TOptions = {},
): boolean => {
  const [isShown, setShown] = useState(false);
  const isDone = isSticky && isShown;
  useEffect(() => {
    const element = ref.current;
    if (!element || !isEnabled || isDone) return undefined;
    if (typeof IntersectionObserver === 'undefined') {
      setShown(true);
      return undefined;
    }
    const observer = new IntersectionObserver(
      (entries) => setShown(entries.some((entry) => entry.isIntersecting)),
      { rootMargin: margin },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref, isEnabled, margin, isDone]);
  return isShown;
};
