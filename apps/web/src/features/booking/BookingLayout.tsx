/** The one container every booking step page is wrapped in (spec 000 §2). */
import { Outlet } from 'react-router';
import styles from './BookingLayout.module.css';

export function BookingLayout() {
  return (
    <div className={styles.booking} data-testid="booking">
      <Outlet />
    </div>
  );
}
