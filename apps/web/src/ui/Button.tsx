/** Buttons and button-looking links, in the theme's colours, with a visible focus ring. */
import type { AnchorHTMLAttributes, ButtonHTMLAttributes, ReactNode, Ref } from 'react';
import { Link, type LinkProps } from '../routing/routing.ts';
import styles from './Button.module.css';

export type ButtonVariant = 'primary' | 'secondary' | 'ghost' | 'danger';

interface Look {
  variant?: ButtonVariant;
  size?: 'm' | 's';
  block?: boolean;
  iconOnly?: boolean;
}

/** The class list of a button look (also for components that render their own element). */
export function buttonClass({ variant = 'primary', size = 'm', block, iconOnly }: Look, extra?: string) {
  return [
    styles.button,
    variant !== 'primary' && styles[variant],
    size === 's' && styles.small,
    block && styles.block,
    iconOnly && styles.iconOnly,
    extra,
  ]
    .filter(Boolean)
    .join(' ');
}

type ButtonProps = Look &
  ButtonHTMLAttributes<HTMLButtonElement> & {
    children: ReactNode;
    /** For a form that moves the focus to it (React 19 passes it as a prop). */
    ref?: Ref<HTMLButtonElement>;
  };

/** A native button. */
export function Button({ variant, size, block, iconOnly, className, type = 'button', ...rest }: ButtonProps) {
  return (
    <button type={type} className={buttonClass({ variant, size, block, iconOnly }, className)} {...rest} />
  );
}

/** An in-app link that looks like a button. */
export function ButtonLink({ variant, size, block, iconOnly, className, ...rest }: Look & LinkProps) {
  return <Link className={buttonClass({ variant, size, block, iconOnly }, className)} {...rest} />;
}

/** An external link that looks like a button. */
export function ButtonAnchor({
  variant,
  size,
  block,
  iconOnly,
  className,
  ...rest
}: Look & AnchorHTMLAttributes<HTMLAnchorElement>) {
  return <a className={buttonClass({ variant, size, block, iconOnly }, className)} {...rest} />;
}
