/** One count of a customer (upcoming, past, no-shows, last visit) in a description list. */
import styles from './customers.module.css';

export function Stat({ label, value, warn }: { label: string; value: string | number; warn?: boolean }) {
  return (
    <div className={styles.stat}>
      <dt>{label}</dt>
      <dd className={warn ? styles.statWarn : undefined}>{value}</dd>
    </div>
  );
}
