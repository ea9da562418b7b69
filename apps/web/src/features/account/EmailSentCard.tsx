/**
 * The "an e-mail is on its way" pages (docs/requirements/accounts-and-appointments.md §2 register_confirm, reset_password_confirm): the
 * card with its title and lead, the address the mail went to (received through the navigation
 * state), what to do next, and the way back to the login page.
 */
import { type ReactNode, useId } from 'react';
import { Link } from '../../routing/routing.ts';
import { Icon } from '../../ui/Icon.tsx';
import { AuthCard } from './AuthCard.tsx';
import styles from './account.module.css';
import { useCleanLink, useSentTo } from './account-navigation.ts';

interface EmailSentCardProps {
  title: string;
  /** The lead, knowing whether the address is known. */
  lead: (sentTo: string | null) => string;
  /** What to do next, one line each. */
  tips: readonly ReactNode[];
  backToLogin: string;
  testId: string;
}

export function EmailSentCard({ title, lead, tips, backToLogin, testId }: EmailSentCardProps) {
  const link = useCleanLink();
  const email = useSentTo();
  const titleId = useId();
  return (
    <AuthCard
      icon="mail"
      title={title}
      titleId={titleId}
      lead={lead(email)}
      testId={testId}
      footer={<Link to={link('login')}>{backToLogin}</Link>}
    >
      {email && (
        <p className={styles.sentTo} data-testid="sent-to">
          <Icon name="mail" />
          {email}
        </p>
      )}
      <ul className={styles.tips}>
        {tips.map((tip, index) => (
          // The tips are fixed texts in a fixed order.
          // biome-ignore lint/suspicious/noArrayIndexKey: a static list, never reordered
          <li key={index}>{tip}</li>
        ))}
      </ul>
    </AuthCard>
  );
}
