/**
 * Whether an element has come near the visible part of the page, for content that costs requests
 * (the home page's map: its script, its styles and the third-party tiles) and that a visitor may
 * never scroll to. Once near, it stays so: the content is not torn down when scrolled away.
 */
import { type RefObject, useEffect, useRef, useState } from 'react';

/** How far below (or beside) the viewport loading starts, so the content is ready when it shows. */
export const NEAR_VIEWPORT_MARGIN = '200px';

export function useNearViewport<T extends Element>(): [RefObject<T | null>, boolean] {
  const ref = useRef<T>(null);
  // Without IntersectionObserver (very old engines, test DOMs) the content simply loads at once.
  const [near, setNear] = useState(() => typeof IntersectionObserver === 'undefined');

  useEffect(() => {
    const element = ref.current;
    if (near || !element) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) {
          setNear(true);
          observer.disconnect();
        }
      },
      { rootMargin: NEAR_VIEWPORT_MARGIN },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [near]);

  return [ref, near];
}
