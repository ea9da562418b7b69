/** Reports the page height to the embedding page whenever it changes, while autoresize is on. */
import { useEffect, useRef, useState } from 'react';
import { autoresizeOrder, isEmbedded, postToParent } from './frame-messages.ts';

/**
 * Observes `element` and posts its height. `initiallyOn` comes from the autoresize URL parameter;
 * the parent can switch it with an autoresize message at any time.
 */
export function useFrameHeight(
  element: HTMLElement | null,
  initiallyOn: boolean,
  context: { urlname: string | null; path: string },
) {
  const [on, setOn] = useState(initiallyOn);
  const last = useRef<number | null>(null);
  const contextRef = useRef(context);
  contextRef.current = context;

  useEffect(() => setOn(initiallyOn), [initiallyOn]);

  useEffect(() => {
    if (!isEmbedded()) return;
    const onMessage = (event: MessageEvent) => {
      if (event.source !== window.parent) return;
      const order = autoresizeOrder(event.data);
      if (order !== null) setOn(order);
    };
    window.addEventListener('message', onMessage);
    return () => window.removeEventListener('message', onMessage);
  }, []);

  useEffect(() => {
    if (!element || !on || !isEmbedded()) return;
    last.current = null;
    const report = () => {
      const height = Math.ceil(element.getBoundingClientRect().height);
      if (height === last.current) return;
      last.current = height;
      postToParent({ type: 'height', height, ...contextRef.current });
    };
    report();
    const observer = new ResizeObserver(report);
    observer.observe(element);
    return () => observer.disconnect();
  }, [element, on]);

  return on;
}
