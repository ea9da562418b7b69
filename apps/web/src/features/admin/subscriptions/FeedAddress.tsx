/**
 * The address of the subscription just made, shown this once (only its hash is kept): a read-only
 * field to select by hand, and a copy button. The focus moves here when it appears, so a keyboard
 * or screen-reader user lands on what they came for.
 */
import { useEffect, useId, useRef, useState } from 'react';
import type { CreatedFeed } from '../../../api/admin-calendar-feeds.ts';
import { usePart } from '../../../i18n/i18n.ts';
import { Button } from '../../../ui/Button.tsx';
import forms from '../../../ui/forms/forms.module.css';
import styles from './subscriptions.module.css';

export function FeedAddress({ feed }: { feed: CreatedFeed }) {
  const { t } = usePart('admin');
  const ids = { heading: useId(), field: useId(), once: useId() };
  const heading = useRef<HTMLHeadingElement>(null);
  const field = useRef<HTMLInputElement>(null);
  const [copyState, setCopyState] = useState<'idle' | 'copied' | 'failed'>('idle');

  useEffect(() => {
    heading.current?.focus();
  }, []);

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(feed.url);
      setCopyState('copied');
    } catch {
      // No clipboard (an insecure page, a refused permission): the text is selected for a manual copy.
      field.current?.select();
      setCopyState('failed');
    }
  };

  return (
    <section
      className={`${styles.panel} ${styles.created}`}
      aria-labelledby={ids.heading}
      data-testid="feed-created"
    >
      <h2 id={ids.heading} ref={heading} tabIndex={-1} className={styles.heading}>
        {t('admin.feeds.created.title')}
      </h2>
      <p id={ids.once} className={styles.lead}>
        {t('admin.feeds.created.once')}
      </p>
      <div className={forms.field}>
        <label htmlFor={ids.field} className={forms.label}>
          {t('admin.feeds.created.label')}
        </label>
        <div className={styles.addressRow}>
          <input
            ref={field}
            id={ids.field}
            className={`${forms.input} ${styles.address}`}
            readOnly
            value={feed.url}
            onFocus={(event) => event.target.select()}
            aria-describedby={ids.once}
            data-testid="feed-url"
          />
          <Button variant="secondary" onClick={() => void copy()} data-testid="feed-copy">
            {t('admin.feeds.copy')}
          </Button>
        </div>
      </div>
      <p className={styles.meta} role="status" data-testid="feed-copy-status">
        {copyState === 'copied'
          ? t('admin.feeds.copied')
          : copyState === 'failed'
            ? t('admin.feeds.copyFailed')
            : ''}
      </p>
    </section>
  );
}
