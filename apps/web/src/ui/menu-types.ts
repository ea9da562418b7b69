/** The data a menu is drawn from (entries, sections, submenus), shared by the facade and the implementation. */
import type { ReactNode } from 'react';

export interface MenuEntry {
  id: string;
  label: string;
  icon?: ReactNode;
  /** Language of the label when it differs from the page's (language names). */
  lang?: string;
  /** Entries of a submenu opened by this entry. */
  submenu?: MenuEntry[];
}

export interface MenuSectionData {
  id: string;
  title?: string;
  entries: MenuEntry[];
}

export interface MenuButtonProps {
  /** What the trigger shows. */
  trigger: ReactNode;
  triggerClassName?: string | undefined;
  /**
   * Accessible name of the trigger when its content has no text; prefer visually hidden text in
   * `trigger`, so the visible label is part of the name (WCAG 2.5.3).
   */
  triggerLabel?: string;
  /** Accessible name of the menu. */
  menuLabel: string;
  sections: MenuSectionData[];
  /** Called with the chosen entry's id (a submenu entry's id included). */
  onAction: (id: string) => void;
  /** A single-choice menu: the chosen entry gets a check mark. */
  selectedId?: string;
  testId?: string;
}
