/** Page building blocks: a centred container, a page header, and a card. */
import type { ReactNode } from 'react';
import styles from './Page.module.css';

/** The centred column pages sit in. */
export function PageContainer({ children, narrow }: { children: ReactNode; narrow?: boolean }) {
  return (
    <div className={[styles.container, narrow && styles.narrow].filter(Boolean).join(' ')}>{children}</div>
  );
}

/** The page's h1 with an optional eyebrow above and lead text below. */
export function PageHeader({
  title,
  eyebrow,
  lead,
}: {
  title: ReactNode;
  eyebrow?: ReactNode;
  lead?: ReactNode;
}) {
  return (
    <header className={styles.header}>
      {eyebrow && <p className={styles.eyebrow}>{eyebrow}</p>}
      <h1 className={styles.title}>{title}</h1>
      {lead && <p className={styles.lead}>{lead}</p>}
    </header>
  );
}

/** A white rounded panel. */
export function Card({ children, className }: { children: ReactNode; className?: string }) {
  return <section className={[styles.card, className].filter(Boolean).join(' ')}>{children}</section>;
}
