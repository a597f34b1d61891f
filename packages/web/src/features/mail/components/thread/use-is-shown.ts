import { useEffect, useState, type RefObject } from 'react';

/**
 * Whether an element is on screen: the case page keeps hidden tabs mounted, and a mail counts as
 * read only when the reader could see it. Without IntersectionObserver it counts as shown.
 */
export const useIsShown = (ref: RefObject<Element | null>, isEnabled = true): boolean => {
  const [isShown, setShown] = useState(false);
  useEffect(() => {
    const element = ref.current;
    if (!element || !isEnabled) return undefined;
    if (typeof IntersectionObserver === 'undefined') {
      setShown(true);
      return undefined;
    }
    const observer = new IntersectionObserver((entries) =>
      setShown(entries.some((entry) => entry.isIntersecting)),
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref, isEnabled]);
  return isShown;
};
