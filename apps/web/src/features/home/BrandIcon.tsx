/**
 * The social networks' marks on the home page's contact card: filled shapes on the icon set's
 * 24-unit grid (ui/Icon.tsx). Apart from the icon set because only the home page shows them, and
 * their long paths would otherwise load with every page.
 */
const PATHS = {
  facebook:
    'M13.5 21v-7.5H16l.5-3h-3V8.6c0-.9.3-1.6 1.6-1.6h1.6V4.3c-.3 0-1.3-.1-2.4-.1-2.4 0-4 1.4-4 4.1v2.2H7.5v3h2.8V21h3.2Z',
  twitterX:
    'M4 4h4.6l4 5.6L17.3 4H20l-6.2 7.3L20.5 20h-4.6l-4.3-6-5.1 6H3.8l6.6-7.7L4 4Zm2.6 1.4 9.9 13.2h1.4L8 5.4H6.6Z',
  instagram:
    'M8 3h8a5 5 0 0 1 5 5v8a5 5 0 0 1-5 5H8a5 5 0 0 1-5-5V8a5 5 0 0 1 5-5Zm0 1.8A3.2 3.2 0 0 0 4.8 8v8A3.2 3.2 0 0 0 8 19.2h8a3.2 3.2 0 0 0 3.2-3.2V8A3.2 3.2 0 0 0 16 4.8H8Zm4 3.2a4 4 0 1 1 0 8 4 4 0 0 1 0-8Zm0 1.8a2.2 2.2 0 1 0 0 4.4 2.2 2.2 0 0 0 0-4.4Zm4.3-3.1a1 1 0 1 1 0 2 1 1 0 0 1 0-2Z',
  snapchat:
    'M12 3c2.9 0 4.9 2.1 4.9 5v2.3l1.5-.5c.6-.1 1 .6.5 1l-1.8 1.1c.5 1.6 1.7 2.9 3.3 3.5.4.2.4.7 0 .9-.7.3-1.5.5-2.2.6l-.4 1.2c-.1.3-.4.4-.7.3a5 5 0 0 0-2.2 0c-.9.3-1.7 1.6-2.9 1.6s-2-1.3-2.9-1.6a5 5 0 0 0-2.2 0c-.3.1-.6 0-.7-.3l-.4-1.2c-.7-.1-1.5-.3-2.2-.6-.4-.2-.4-.7 0-.9 1.6-.6 2.8-1.9 3.3-3.5L4.1 11c-.5-.4-.1-1.1.5-1l1.5.5V8c0-2.9 2-5 4.9-5h1Z',
} as const;

export type BrandName = keyof typeof PATHS;

/** A brand's mark, decorative: the link around it carries the name. */
export function BrandIcon({ name, size = 20 }: { name: BrandName; size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 24 24" fill="currentColor" aria-hidden focusable="false">
      <path d={PATHS[name]} />
    </svg>
  );
}
