/**
 * The check boxes that tie services to calendars: under a service, the calendars that perform it;
 * under a calendar, the services it performs (or, for a resource, needs).
 */
import styles from './settings.module.css';

export function PerformerChecks({
  choices,
  checked,
  testId,
  onToggle,
}: {
  choices: readonly { externid: string; name: string }[];
  /** The externids checked. */
  checked: readonly string[];
  /** The test id of a choice's box. */
  testId: (externid: string) => string;
  onToggle: (externid: string, on: boolean) => void;
}) {
  return (
    <div className={`${styles.checks} ${styles.performerChecks}`}>
      {choices.map((choice) => (
        <label key={choice.externid} className={styles.check}>
          <input
            type="checkbox"
            checked={checked.includes(choice.externid)}
            onChange={(event) => onToggle(choice.externid, event.target.checked)}
            data-testid={testId(choice.externid)}
          />
          <span>{choice.name}</span>
        </label>
      ))}
    </div>
  );
}
