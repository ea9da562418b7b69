/**
 * Icons the customer area needs beyond ui/Icon's set (show/hide password, add, edit, more, retake),
 * drawn the same way: 24-unit grid, stroked with currentColor, decorative unless labelled.
 */
import type { SVGProps } from 'react';

const PATHS = {
  eye: 'M2.5 12S6 5.5 12 5.5 21.5 12 21.5 12 18 18.5 12 18.5 2.5 12 2.5 12Zm9.5 3a3 3 0 1 0 0-6 3 3 0 0 0 0 6Z',
  eyeOff:
    'M4 4l16 16M9.9 5.8A9.6 9.6 0 0 1 12 5.5c6 0 9.5 6.5 9.5 6.5a16 16 0 0 1-2.7 3.5M6.3 7.4A15.6 15.6 0 0 0 2.5 12S6 18.5 12 18.5a9 9 0 0 0 4.2-1M9.9 9.9a3 3 0 0 0 4.2 4.2',
  plus: 'M12 5v14M5 12h14',
  edit: 'M4 20h4L19 9a2.8 2.8 0 0 0-4-4L4 16v4Zm9.5-13.5 4 4',
  more: 'M5.5 12h.01M12 12h.01M18.5 12h.01',
  retake: 'M4 12a8 8 0 0 1 13.7-5.6L20 8.5M20 4v4.5h-4.5M20 12a8 8 0 0 1-13.7 5.6L4 15.5M4 20v-4.5h4.5',
  trash: 'M4 7h16M9.5 7V4.5h5V7M6 7l1 12.5A1.5 1.5 0 0 0 8.5 21h7a1.5 1.5 0 0 0 1.5-1.5L18 7M10 11v6M14 11v6',
  key: 'M14.5 9.5a4.5 4.5 0 1 1-9 0 4.5 4.5 0 0 1 9 0ZM13 12.5 21 20.5M17.5 17l2-2M15.5 15l1.5-1.5',
  circle: 'M12 16.5a4.5 4.5 0 1 0 0-9 4.5 4.5 0 0 0 0 9Z',
} as const;

export type ExtraIconName = keyof typeof PATHS;

interface ExtraIconProps extends Omit<SVGProps<SVGSVGElement>, 'name'> {
  name: ExtraIconName;
  size?: number;
  label?: string;
}

/** An icon of the customer area's extra set. */
export function ExtraIcon({ name, size = 20, label, ...rest }: ExtraIconProps) {
  const strokeWidth = name === 'more' ? 3 : 1.8;
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={strokeWidth}
      strokeLinecap="round"
      strokeLinejoin="round"
      role={label ? 'img' : undefined}
      aria-label={label}
      aria-hidden={label ? undefined : true}
      focusable="false"
      {...rest}
    >
      <path d={PATHS[name]} />
    </svg>
  );
}
