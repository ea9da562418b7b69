/**
 * Whether the printed day sheet is in the page. It is built only for printing: a week of thousands
 * of appointments would otherwise cost the agenda's first frame a second copy of every one of them
 * (docs/back-office.md "Agenda"). The print button builds it before opening the browser's print
 * dialog; the browser's own print command (Ctrl+P, the menu) announces itself with `beforeprint`,
 * which is handled synchronously, so the sheet is in the document before the page is laid out for
 * paper. It leaves the page after printing.
 */
import { useCallback, useEffect, useState } from 'react';
import { flushSync } from 'react-dom';

export function usePrintSheet(): { printing: boolean; print: () => void } {
  const [printing, setPrinting] = useState(false);
  useEffect(() => {
    const before = () => flushSync(() => setPrinting(true));
    const after = () => setPrinting(false);
    window.addEventListener('beforeprint', before);
    window.addEventListener('afterprint', after);
    return () => {
      window.removeEventListener('beforeprint', before);
      window.removeEventListener('afterprint', after);
    };
  }, []);
  const print = useCallback(() => {
    flushSync(() => setPrinting(true));
    window.print();
  }, []);
  return { printing, print };
}
