/** A field's error line (announced with the field through aria-describedby) or its hint. */
import { Icon } from '../Icon.tsx';
import { useNotificationText } from '../NotificationBar.tsx';
import styles from './auth.module.css';

/** The error of a field, as a `messages.*` key; nothing when there is none. */
export function FieldError({ id, error }: { id: string; error: string | null | undefined }) {
  const text = useNotificationText();
  if (!error) return null;
  return (
    <p id={id} className={styles.error} data-testid={`${id}`}>
      <Icon name="alert" size={16} />
      <span>{text(error)}</span>
    </p>
  );
}
