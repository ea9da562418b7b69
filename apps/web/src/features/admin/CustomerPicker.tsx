/**
 * Finds one of the group's customers by name, e-mail or phone: a combobox (ARIA 1.2 pattern) whose
 * list follows the typing after a short pause. Arrow keys move in the list, Enter picks, Escape
 * closes it; the count of matches is announced. A picked customer shows as a card with a button
 * to choose another.
 */
import { type KeyboardEvent, useEffect, useId, useState } from 'react';
import { type CustomerMatch, MIN_SEARCH_LENGTH, useCustomerSearch } from '../../api/admin-walkin.ts';
import { usePart } from '../../i18n/i18n.ts';
import { Button } from '../../ui/Button.tsx';
import forms from '../../ui/forms/forms.module.css';
import { Icon } from '../../ui/Icon.tsx';
import styles from './walkin.module.css';

export type PickedCustomer = Pick<CustomerMatch, 'fiche_id' | 'firstname' | 'lastname' | 'email' | 'phone'>;

/** The pause after the last key before the search is sent. */
const DEBOUNCE_MS = 250;

function useDebounced(value: string, delay: number): string {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), delay);
    return () => clearTimeout(timer);
  }, [value, delay]);
  return settled;
}

const fullName = (c: PickedCustomer) => `${c.firstname} ${c.lastname}`.trim();
const contact = (c: PickedCustomer) => [c.email, c.phone].filter(Boolean).join(' · ');

export function CustomerPicker({
  groupId,
  token,
  inputId,
  picked,
  onPick,
  error,
}: {
  groupId: number;
  token: string | null;
  inputId: string;
  picked: PickedCustomer | null;
  onPick: (customer: PickedCustomer | null) => void;
  error: string | null;
}) {
  const { t } = usePart('admin');
  const listId = useId();
  const [q, setQ] = useState('');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const settled = useDebounced(q, DEBOUNCE_MS);
  const search = useCustomerSearch(groupId, token, settled);
  const ready = settled.trim().length >= MIN_SEARCH_LENGTH && q.trim().length >= MIN_SEARCH_LENGTH;
  const matches = ready ? (search.data?.records ?? []) : [];
  const expanded = open && ready && !search.isPending && matches.length > 0;

  // A new list starts with no option active.
  const [listFor, setListFor] = useState(settled);
  if (listFor !== settled) {
    setListFor(settled);
    setActive(-1);
  }

  if (picked) {
    return (
      <div className={styles.picked} data-testid="walkin-picked">
        <Icon name="user" size={20} />
        <div className={styles.pickedText}>
          <strong>{fullName(picked)}</strong>
          {contact(picked) && <span className={forms.hint}>{contact(picked)}</span>}
        </div>
        <Button
          variant="secondary"
          size="s"
          onClick={() => {
            onPick(null);
            requestAnimationFrame(() => document.getElementById(inputId)?.focus());
          }}
          data-testid="walkin-change-customer"
        >
          {t('admin.walkin.changeCustomer')}
        </Button>
      </div>
    );
  }

  const choose = (match: CustomerMatch) => {
    onPick(match);
    setOpen(false);
    setQ('');
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      setOpen(true);
      if (matches.length === 0) return;
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActive((was) => (was + step + matches.length) % matches.length);
    } else if (event.key === 'Enter') {
      const match = matches[active];
      if (expanded && match) {
        event.preventDefault();
        choose(match);
      } else event.preventDefault();
    } else if (event.key === 'Escape' && expanded) {
      // Closes the list, not the dialog.
      event.preventDefault();
      event.stopPropagation();
      setOpen(false);
    }
  };

  const status = !ready
    ? t('admin.walkin.searchHint')
    : search.isPending
      ? t('admin.walkin.searching')
      : search.isError
        ? t('admin.walkin.searchFailed')
        : matches.length === 0
          ? t('admin.walkin.noMatch')
          : t('admin.walkin.matches', { count: matches.length });
  const errorId = `${inputId}-error`;
  const statusId = `${inputId}-status`;
  return (
    <div className={`${forms.field} ${styles.combo}`}>
      <label className={forms.label} htmlFor={inputId}>
        {t('admin.walkin.search')}
      </label>
      <div className={styles.comboBox}>
        <Icon name="search" size={18} />
        <input
          id={inputId}
          className={forms.input}
          type="text"
          role="combobox"
          autoComplete="off"
          aria-autocomplete="list"
          aria-expanded={expanded}
          aria-controls={listId}
          aria-activedescendant={expanded && active >= 0 ? `${listId}-${active}` : undefined}
          aria-invalid={error ? true : undefined}
          aria-describedby={[error ? errorId : null, statusId].filter(Boolean).join(' ')}
          value={q}
          maxLength={100}
          onChange={(event) => {
            setQ(event.target.value);
            setOpen(true);
          }}
          onKeyDown={onKeyDown}
          onBlur={() => setOpen(false)}
          onFocus={() => setOpen(true)}
          data-testid="walkin-search"
        />
      </div>
      <div
        id={listId}
        role="listbox"
        aria-label={t('admin.walkin.matchesLabel')}
        className={styles.listbox}
        hidden={!expanded}
        data-testid="walkin-matches"
      >
        {matches.map((match, index) => (
          // biome-ignore lint/a11y/useKeyWithClickEvents: the input keeps the focus and picks with Enter (aria-activedescendant)
          <div
            key={match.fiche_id}
            id={`${listId}-${index}`}
            role="option"
            aria-selected={index === active}
            className={styles.option}
            // The input keeps the focus: a press on an option must not blur it first.
            onMouseDown={(event) => event.preventDefault()}
            onClick={() => choose(match)}
            tabIndex={-1}
            data-testid="walkin-match"
          >
            <strong>{fullName(match)}</strong>
            {contact(match) && <span className={styles.optionContact}>{contact(match)}</span>}
          </div>
        ))}
      </div>
      <p id={statusId} className={forms.hint} aria-live="polite" data-testid="walkin-search-status">
        {status}
      </p>
      {error && (
        <p id={errorId} className={forms.error} data-testid="walkin-error-customer">
          <Icon name="alert" size={16} />
          <span>{error}</span>
        </p>
      )}
    </div>
  );
}
