/**
 * Group text (plain or HTML) without DOMPurify in the page's first load: the sanitiser comes with
 * the first text that needs it; plain text shows at once.
 */
import { lazy, Suspense } from 'react';

const RichText = lazy(() => import('../../../ui/RichText.tsx').then((m) => ({ default: m.RichText })));

export function LazyRichText({ text, className }: { text: string; className?: string }) {
  const plain = !/<[a-z][\s\S]*>/i.test(text);
  const fallback = plain ? (
    <div className={className} style={{ whiteSpace: 'pre-line' }}>
      {text}
    </div>
  ) : null;
  return (
    <Suspense fallback={fallback}>
      <RichText text={text} {...(className ? { className } : {})} />
    </Suspense>
  );
}
