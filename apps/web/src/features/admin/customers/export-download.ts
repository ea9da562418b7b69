/**
 * Hands a JSON answer to the browser as a file: the copy a person asked for (right of access,
 * docs/back-office.md "Customers") goes to them as one file, as the server wrote it.
 */
export function downloadJson(data: unknown, fileName: string): void {
  const blob = new Blob([`${JSON.stringify(data, null, 2)}\n`], { type: 'application/json' });
  const url = URL.createObjectURL(blob);
  const anchor = document.createElement('a');
  anchor.href = url;
  anchor.download = fileName;
  anchor.rel = 'noopener';
  document.body.append(anchor);
  anchor.click();
  anchor.remove();
  // The download has started from the click; the address is no longer needed after this turn.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
