/**
 * A professional finds the caller's record (docs/requirements/accounts-and-appointments.md §2, §5): the search runs once the text has at
 * least 3 characters and the typing has paused for a second; fewer characters clear the
 * suggestions; deleted records and "$" last names are never offered. "New customer" opens an empty
 * record instead.
 */
import { useEffect, useId, useState } from 'react';
import { FICHE_SEARCH_MIN_LENGTH, type Fiche, useFicheSearch } from '../../../api/fiches.ts';
import { useSessionToken } from '../../../api/session-token.ts';
import { useTranslation } from '../../../i18n/i18n.ts';
import { Button } from '../../../ui/Button.tsx';
import { Icon } from '../../../ui/Icon.tsx';
import { Spinner } from '../../../ui/Spinner.tsx';
import styles from './fiche.module.css';

/** docs/requirements/accounts-and-appointments.md §9: the search waits for 1000 ms of inactivity. */
export const SEARCH_DEBOUNCE_MS = 1000;

/** The value once it stopped changing for `delay` ms. */
export function useDebounced<T>(value: T, delay: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), delay);
    return () => clearTimeout(timer);
  }, [value, delay]);
  return settled;
}

interface ProFicheSearchProps {
  groupId: number;
  selected: Fiche | null;
  onSelect: (fiche: Fiche) => void;
  onCreate: () => void;
  creating: boolean;
}

export function ProFicheSearch({ groupId, selected, onSelect, onCreate, creating }: ProFicheSearchProps) {
  const { t } = useTranslation();
  const id = useId();
  const token = useSessionToken();
  const [text, setText] = useState('');
  const settled = useDebounced(text, SEARCH_DEBOUNCE_MS);
  const long = [...text.trim()].length >= FICHE_SEARCH_MIN_LENGTH;
  const search = useFicheSearch(groupId, token, long ? settled : '');
  const waiting = long && (settled !== text || search.isFetching);
  const results = long && settled === text ? (search.data ?? []) : [];
  return (
    <section className={styles.search} aria-labelledby={`${id}-title`} data-testid="fiche-search">
      <h2 id={`${id}-title`} className={styles.sectionTitle}>
        {t('booking.fiche.searchTitle')}
      </h2>
      <div className={styles.searchRow}>
        <label className="visually-hidden" htmlFor={`${id}-input`}>
          {t('booking.fiche.searchLabel')}
        </label>
        <span className={styles.searchIcon} aria-hidden="true">
          <Icon name="search" size={20} />
        </span>
        <input
          id={`${id}-input`}
          className={styles.searchInput}
          type="search"
          autoComplete="off"
          placeholder={t('booking.fiche.searchPlaceholder')}
          value={text}
          onChange={(event) => setText(event.target.value)}
          aria-describedby={`${id}-hint`}
          data-testid="fiche-search-input"
        />
      </div>
      <p id={`${id}-hint`} className={styles.hint}>
        {t('booking.fiche.searchHint', { min: FICHE_SEARCH_MIN_LENGTH })}
      </p>
      <div aria-live="polite">
        {waiting ? (
          <Spinner small label={t('booking.loading.ficheSearch')} />
        ) : long && search.isError ? (
          <p className={styles.hint}>{t('messages.genericError')}</p>
        ) : long && results.length === 0 ? (
          <p className={styles.hint} data-testid="fiche-search-empty">
            {t('booking.fiche.searchEmpty')}
          </p>
        ) : results.length > 0 ? (
          <ul className={styles.results} aria-label={t('booking.fiche.searchResults')}>
            {results.map((fiche) => (
              <li key={fiche.id}>
                <button
                  type="button"
                  className={styles.result}
                  aria-pressed={selected?.id === fiche.id}
                  onClick={() => onSelect(fiche)}
                  data-testid={`fiche-result-${fiche.id}`}
                >
                  <Icon name="user" size={20} />
                  <span className={styles.resultText}>
                    <strong>
                      {fiche.firstname} {fiche.lastname}
                    </strong>
                    <span>{[fiche.email, fiche.firstphone].filter(Boolean).join(' · ')}</span>
                  </span>
                  {selected?.id === fiche.id && <Icon name="check" size={20} />}
                </button>
              </li>
            ))}
          </ul>
        ) : null}
      </div>
      <Button
        variant={creating ? 'primary' : 'secondary'}
        size="s"
        onClick={onCreate}
        aria-pressed={creating}
        data-testid="fiche-create"
      >
        <Icon name="user" size={18} />
        {t('booking.fiche.newCustomer')}
      </Button>
    </section>
  );
}
