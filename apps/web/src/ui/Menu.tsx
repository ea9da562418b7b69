/**
 * A button opening a menu. Until first used it is a plain button — React Aria's menu code (a third
 * of the app's JavaScript) loads when the pointer or focus reaches it, and the menu opens once it
 * is there — so menus cost nothing on a page's first load.
 */
import { lazy, Suspense, useState } from 'react';
import type { MenuButtonProps } from './menu-types.ts';

const load = () => import('./MenuImpl.tsx');
const MenuImpl = lazy(() => load().then((m) => ({ default: m.MenuImpl })));

export function MenuButton(props: MenuButtonProps) {
  const [used, setUsed] = useState(false);
  const preload = () => void load();
  const placeholder = (
    <button
      type="button"
      className={props.triggerClassName}
      aria-label={props.triggerLabel}
      aria-haspopup="menu"
      aria-expanded={false}
      data-testid={props.testId}
      onPointerEnter={preload}
      onFocus={preload}
      onClick={() => setUsed(true)}
    >
      {props.trigger}
    </button>
  );
  if (!used) return placeholder;
  return (
    <Suspense fallback={placeholder}>
      <MenuImpl {...props} openOnMount />
    </Suspense>
  );
}
