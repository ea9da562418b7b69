/**
 * Small accessible tabs (WAI-ARIA tabs pattern: arrow keys, Home, End; automatic activation),
 * light enough for a booking page's first load.
 */
import { type KeyboardEvent, type ReactNode, useId, useRef } from 'react';
import styles from './Tabs.module.css';

export interface TabItem<K extends string> {
  key: K;
  label: ReactNode;
}

interface TabsProps<K extends string> {
  tabs: readonly TabItem<K>[];
  selected: K;
  onSelect: (key: K) => void;
  label: string;
  children: ReactNode;
}

export function Tabs<K extends string>({ tabs, selected, onSelect, label, children }: TabsProps<K>) {
  const id = useId();
  const list = useRef<HTMLDivElement>(null);
  const onKeyDown = (event: KeyboardEvent) => {
    const index = tabs.findIndex((tab) => tab.key === selected);
    const last = tabs.length - 1;
    const next =
      event.key === 'ArrowRight'
        ? (index + 1) % tabs.length
        : event.key === 'ArrowLeft'
          ? (index - 1 + tabs.length) % tabs.length
          : event.key === 'Home'
            ? 0
            : event.key === 'End'
              ? last
              : -1;
    if (next === -1) return;
    event.preventDefault();
    onSelect(tabs[next]!.key);
    list.current?.querySelectorAll<HTMLButtonElement>('[role="tab"]')[next]?.focus();
  };
  return (
    <div>
      <div ref={list} role="tablist" aria-label={label} className={styles.list} onKeyDown={onKeyDown}>
        {tabs.map((tab) => (
          <button
            key={tab.key}
            type="button"
            role="tab"
            id={`${id}-tab-${tab.key}`}
            aria-selected={tab.key === selected}
            aria-controls={`${id}-panel`}
            tabIndex={tab.key === selected ? 0 : -1}
            className={styles.tab}
            onClick={() => onSelect(tab.key)}
            data-testid={`tab-${tab.key}`}
          >
            {tab.label}
          </button>
        ))}
      </div>
      <div
        role="tabpanel"
        id={`${id}-panel`}
        aria-labelledby={`${id}-tab-${selected}`}
        className={styles.panel}
      >
        {children}
      </div>
    </div>
  );
}
