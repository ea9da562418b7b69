/**
 * Finds a customer by name, phone or e-mail (docs/back-office.md "Customers"). The field asks the
 * server once typing pauses; the results stay on screen while the next ones load, and a status
 * line tells screen readers how many were found.
 */
import { useCallback, useEffect, useId, useState } from 'react';
import {
  type CustomerSummary,
  isSearchable,
  SEARCH_LIMIT,
  SEARCH_MIN_LENGTH,
  useCustomerSearch,
} from '../../../api/admin-customers.ts';
import { useSessionToken } from '../../../api/session-token.ts';
import { usePart } from '../../../i18n/i18n.ts';
import { useGroupContext } from '../../../lib/group-context.ts';
import { Link, useSearchParams } from '../../../routing/routing.ts';
import { Icon } from '../../../ui/Icon.tsx';
import { usePeopleErrorText } from '../people-error-text.ts';
import { ScreenTitle } from '../ScreenTitle.tsx';
import { CustomerCounts } from './CustomerCounts.tsx';
import { personName } from './customer-format.ts';
import styles from './customers.module.css';

/** How long typing must pause before the server is asked. */
const DEBOUNCE_MS = 300;

export function CustomerSearch() {
  const { t } = usePart('admin');
  const { group } = useGroupContext();
  const token = useSessionToken();
  const [params, setParams] = useSearchParams();
  const query = params.get('q') ?? '';
  const [draft, setDraft] = useState(query);
  const fieldId = useId();
  const hintId = useId();
  const errorText = usePeopleErrorText();

  // The address follows the field once typing pauses; replace, so Back leaves the section.
  const commit = useCallback(
    (text: string) =>
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          if (text.trim()) next.set('q', text);
          else next.delete('q');
          return next;
        },
        { replace: true },
      ),
    [setParams],
  );
  useEffect(() => {
    if (draft === query) return;
    const timer = setTimeout(() => commit(draft), DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [draft, query, commit]);

  const searchable = isSearchable(query);
  const results = useCustomerSearch(group.id, token, query);
  const found = searchable ? results.data : undefined;
  const loading = searchable && results.isFetching;

  let status: string;
  if (!searchable) status = query.trim() ? t('admin.customers.tooShort', { min: SEARCH_MIN_LENGTH }) : '';
  else if (results.isError) status = errorText(results.error);
  else if (!found || results.isPlaceholderData) status = t('admin.customers.searching');
  else if (found.length === 0) status = t('admin.customers.noResult', { query: query.trim() });
  else if (found.length >= SEARCH_LIMIT)
    status = `${t('admin.customers.found', { count: found.length })}. ${t('admin.customers.limited', { n: SEARCH_LIMIT })}`;
  else status = t('admin.customers.found', { count: found.length });

  return (
    <div className={styles.screen}>
      <ScreenTitle title={t('admin.sections.customers')} />
      <search className={styles.searchBox}>
        <label htmlFor={fieldId} className={styles.searchLabel}>
          {t('admin.customers.searchLabel')}
        </label>
        <div className={styles.searchField}>
          <Icon name="search" />
          <input
            id={fieldId}
            type="search"
            value={draft}
            onChange={(event) => setDraft(event.target.value)}
            onKeyDown={(event) => {
              // Enter searches at once rather than after the pause.
              if (event.key === 'Enter' && draft !== query) commit(draft);
            }}
            aria-describedby={hintId}
            autoComplete="off"
            spellCheck={false}
            maxLength={100}
            data-testid="customer-search"
          />
          {loading && <span className={styles.fieldSpinner} aria-hidden="true" />}
        </div>
        <p id={hintId} className={styles.hint}>
          {t('admin.customers.searchHint', { min: SEARCH_MIN_LENGTH })}
        </p>
      </search>

      <p
        className={results.isError && searchable ? styles.error : styles.status}
        role="status"
        data-testid="customer-search-status"
      >
        {status}
      </p>

      {!query.trim() && (
        <div className={styles.empty} data-testid="customer-search-empty">
          <Icon name="user" />
          <p className={styles.emptyTitle}>{t('admin.customers.emptyTitle')}</p>
          <p>{t('admin.customers.emptyText')}</p>
        </div>
      )}

      {found && found.length > 0 && (
        <ul
          className={styles.results}
          aria-label={t('admin.customers.resultsLabel')}
          data-testid="customer-results"
        >
          {found.map((customer) => (
            <CustomerRow key={customer.fiche_id} customer={customer} />
          ))}
        </ul>
      )}
    </div>
  );
}

function CustomerRow({ customer }: { customer: CustomerSummary }) {
  const { t } = usePart('admin');
  const [params] = useSearchParams();
  const name = personName(customer) || t('admin.customers.noName');
  return (
    <li className={styles.row} data-testid="customer-row" data-fiche-id={customer.fiche_id}>
      <div className={styles.rowWho}>
        <Link
          to={{ pathname: String(customer.fiche_id), search: params.toString() ? `?${params}` : '' }}
          className={styles.rowLink}
          data-testid="customer-link"
        >
          {name}
        </Link>
        <span className={styles.rowContact}>
          {customer.email && <span className={styles.contactItem}>{customer.email}</span>}
          {customer.phone && <span className={styles.contactItem}>{customer.phone}</span>}
        </span>
      </div>
      <dl className={styles.stats}>
        <CustomerCounts customer={customer} />
      </dl>
    </li>
  );
}
