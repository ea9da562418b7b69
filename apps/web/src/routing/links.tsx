/** Links and redirects (docs/decisions/018-own-router.md), with React Router's meaning. */
import { type AnchorHTMLAttributes, type MouseEvent, type Ref, useEffect } from 'react';
import { useRouter } from './context.ts';
import { type NavigateOptions, useLocation, useNavigate, useResolve } from './hooks.ts';
import { createPath, type Path, type To } from './paths.ts';

/** Moves to `to` once rendered (a redirect). */
export function Navigate({ to, replace, state, relative }: { to: To } & NavigateOptions) {
  const navigate = useNavigate();
  const path = JSON.stringify(useResolve()(to, relative));
  useEffect(() => {
    navigate(JSON.parse(path) as Path, { replace, state });
  }, [navigate, path, replace, state]);
  return null;
}

export type LinkProps = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> &
  NavigateOptions & {
    to: To;
    ref?: Ref<HTMLAnchorElement>;
  };

/** A plain left click, which the app handles; others (new tab, download…) stay the browser's. */
function isAppClick(event: MouseEvent<HTMLAnchorElement>, target?: string): boolean {
  return (
    !event.defaultPrevented &&
    event.button === 0 &&
    (!target || target === '_self') &&
    !(event.metaKey || event.altKey || event.ctrlKey || event.shiftKey)
  );
}

/** An in-app link: a real address (for new tabs and crawlers), followed without reloading. */
export function Link({ to, replace, state, relative, onClick, target, ...rest }: LinkProps) {
  const { history, location } = useRouter();
  const navigate = useNavigate();
  const path = useResolve()(to, relative);
  const href = history.href(path);
  return (
    <a
      {...rest}
      href={href}
      target={target}
      onClick={(event) => {
        onClick?.(event);
        if (!isAppClick(event, target)) return;
        event.preventDefault();
        // A link to where the visitor already is replaces the entry rather than piling up another.
        navigate(path, { replace: replace ?? createPath(location) === createPath(path), state });
      }}
    />
  );
}

/** A link that knows whether it leads to the current page (its class and aria-current say so). */
export function NavLink({
  className,
  end = false,
  ...props
}: Omit<LinkProps, 'className'> & {
  className?: string | ((status: { isActive: boolean }) => string | undefined);
  /** Active only on its own path, not below it. */
  end?: boolean;
}) {
  const current = useLocation().pathname.toLowerCase();
  const target = useResolve()(props.to, props.relative).pathname.toLowerCase();
  const isActive =
    current === target ||
    (!end && current.startsWith(target) && (target.endsWith('/') || current.charAt(target.length) === '/'));
  return (
    <Link
      {...props}
      aria-current={isActive ? 'page' : undefined}
      className={typeof className === 'function' ? className({ isActive }) : className}
    />
  );
}
