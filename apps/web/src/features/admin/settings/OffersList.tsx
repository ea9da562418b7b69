/** The packs or the promotions of the packs & promotions form: a titled section, its cards, its add button. */
import type { ReactNode } from 'react';
import { usePart } from '../../../i18n/i18n.ts';
import { buttonClass } from '../../../ui/Button.tsx';
import { Icon } from '../../../ui/Icon.tsx';
import styles from './settings.module.css';

export function OffersList({
  kind,
  items,
  register,
  onAdd,
}: {
  kind: 'pack' | 'promotion';
  items: ReactNode[];
  register: (key: string) => (element: HTMLElement | null) => void;
  onAdd: () => void;
}) {
  const { t } = usePart('admin');
  const titleId = `offers-${kind}-title`;
  return (
    <section className={styles.category} aria-labelledby={titleId}>
      <h2 id={titleId} className={styles.categoryTitle}>
        {t(`admin.settings.offers.${kind}s`)}
      </h2>
      <p className={styles.hint}>{t(`admin.settings.offers.${kind}sHelp`)}</p>
      {items.length > 0 ? (
        <ul className={styles.items}>{items}</ul>
      ) : (
        <p className={styles.hint}>{t(`admin.settings.offers.${kind}sNone`)}</p>
      )}
      <div>
        <button
          type="button"
          className={buttonClass({ variant: 'secondary' })}
          onClick={onAdd}
          ref={register(`add:${kind}`)}
          data-testid={`offers-add-${kind}`}
        >
          <Icon name={kind === 'pack' ? 'list' : 'tag'} size={18} />
          {t(`admin.settings.offers.add.${kind}`)}
        </button>
      </div>
    </section>
  );
}
