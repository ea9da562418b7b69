/**
 * The menu itself, with React Aria (arrow keys, typeahead, Escape, focus return, submenus). Loaded
 * on first use by Menu.tsx so React Aria stays out of the first page load.
 */
import { useEffect, useRef, useState } from 'react';
import { Button as AriaButton } from 'react-aria-components/Button';
import { I18nProvider } from 'react-aria-components/I18nProvider';
import {
  Menu as AriaMenu,
  MenuItem as AriaMenuItem,
  MenuSection as AriaMenuSection,
  Header,
  MenuTrigger,
  Popover,
  SubmenuTrigger,
} from 'react-aria-components/Menu';
import { useTranslation } from '../i18n/i18n.ts';
import { Icon } from './Icon.tsx';
import styles from './Menu.module.css';
import type { MenuButtonProps, MenuEntry } from './menu-types.ts';

function Entry({ entry, onAction }: { entry: MenuEntry; onAction: (id: string) => void }) {
  const content = (
    <>
      {entry.icon}
      <span lang={entry.lang}>{entry.label}</span>
    </>
  );
  if (entry.submenu) {
    return (
      <SubmenuTrigger>
        <AriaMenuItem id={entry.id} className={styles.item} textValue={entry.label}>
          {content}
          <Icon name="forward" size={16} className={styles.check} />
        </AriaMenuItem>
        <Popover className={styles.popover} offset={-4}>
          <AriaMenu
            className={styles.menu}
            aria-label={entry.label}
            onAction={(key) => onAction(String(key))}
          >
            {entry.submenu.map((child) => (
              <Entry key={child.id} entry={child} onAction={onAction} />
            ))}
          </AriaMenu>
        </Popover>
      </SubmenuTrigger>
    );
  }
  return (
    <AriaMenuItem id={entry.id} className={styles.item} textValue={entry.label}>
      {({ isSelected }) => (
        <>
          {content}
          {isSelected && <Icon name="check" size={18} className={styles.check} />}
        </>
      )}
    </AriaMenuItem>
  );
}

/** A React Aria menu button; `openOnMount` opens it right away (the facade was clicked). */
export function MenuImpl({
  trigger,
  triggerClassName,
  triggerLabel,
  menuLabel,
  sections,
  onAction,
  selectedId,
  testId,
  openOnMount,
}: MenuButtonProps & { openOnMount: boolean }) {
  const button = useRef<HTMLButtonElement>(null);
  const [open, setOpen] = useState(false);
  const { i18n } = useTranslation();
  useEffect(() => {
    if (!openOnMount) return;
    // Focus the trigger first so that closing the menu returns focus to it.
    button.current?.focus();
    setOpen(true);
  }, [openOnMount]);
  return (
    // React Aria's own words (the hidden "dismiss" button) in the page's language.
    <I18nProvider locale={i18n.language}>
      <MenuTrigger isOpen={open} onOpenChange={setOpen}>
        <AriaButton ref={button} className={triggerClassName} aria-label={triggerLabel} data-testid={testId}>
          {trigger}
        </AriaButton>
        <Popover className={styles.popover} placement="bottom end" offset={6}>
          <AriaMenu
            className={styles.menu}
            aria-label={menuLabel}
            autoFocus="first"
            onAction={(key) => onAction(String(key))}
            {...(selectedId !== undefined
              ? { selectionMode: 'single' as const, selectedKeys: [selectedId] }
              : {})}
          >
            {sections.map((section) => (
              <AriaMenuSection key={section.id} id={section.id} className={styles.section}>
                {section.title && <Header className={styles.sectionHeader}>{section.title}</Header>}
                {section.entries.map((entry) => (
                  <Entry key={entry.id} entry={entry} onAction={onAction} />
                ))}
              </AriaMenuSection>
            ))}
          </AriaMenu>
        </Popover>
      </MenuTrigger>
    </I18nProvider>
  );
}
