/** Group text that may be plain or HTML: HTML is sanitised, plain text keeps its line breaks. */
import { useMemo } from 'react';
import styles from './RichText.module.css';
import { looksLikeHtml, sanitizeHtml } from './sanitize.ts';

interface RichTextProps {
  text: string;
  className?: string;
}

export function RichText({ text, className }: RichTextProps) {
  const html = useMemo(() => (looksLikeHtml(text) ? sanitizeHtml(text) : null), [text]);
  const classes = [styles.rich, html === null && styles.plain, className].filter(Boolean).join(' ');
  if (html === null) return <div className={classes}>{text}</div>;
  // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised by DOMPurify just above
  return <div className={classes} dangerouslySetInnerHTML={{ __html: html }} />;
}
