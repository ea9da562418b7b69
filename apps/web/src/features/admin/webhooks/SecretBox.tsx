/** A signing secret on screen, with a button that copies it (docs/webhooks.md "Signature"). */
import { useState } from 'react';
import { usePart } from '../../../i18n/i18n.ts';
import { Button } from '../../../ui/Button.tsx';
import styles from './webhooks.module.css';

export function SecretBox({ secret }: { secret: string }) {
  const { t } = usePart('admin');
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(secret);
      setCopied(true);
    } catch {
      // No clipboard (an insecure page, a refused permission): the secret stays selectable.
      setCopied(false);
    }
  };
  return (
    <div className={styles.secret}>
      <span className={styles.secretLabel}>{t('admin.webhooks.secret.label')}</span>
      <code className={styles.secretValue} data-testid="webhook-secret">
        {secret}
      </code>
      <Button variant="secondary" size="s" onClick={() => void copy()} data-testid="webhook-secret-copy">
        {copied ? t('admin.webhooks.secret.copied') : t('admin.webhooks.secret.copy')}
      </Button>
    </div>
  );
}
