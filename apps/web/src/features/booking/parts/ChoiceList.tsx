/**
 * The options of a choice step — categories, calendar sets, calendars, resources — in list or grid
 * mode (docs/requirements/booking-flow.md §2 screens 1, 3–5; §9): the group's grid_list_mode for the step's tab says whether
 * to show descriptions and images and whether to use the grid. Grid: two columns above 680 px, cell
 * height from the width (rule in the CSS), 510×510 thumbnails; list: 128×128 thumbnails. Every
 * option with a description has an info button opening it in the details popup.
 */
import type { ReactNode } from 'react';
import { useTranslation } from '../../../i18n/i18n.ts';
import { Icon, type IconName } from '../../../ui/Icon.tsx';
import { type ItemDetails, openPopup } from '../../../ui/popup-store.ts';
import styles from './ChoiceList.module.css';

export interface ChoiceItem {
  key: string;
  title: string;
  description?: string | null | undefined;
  image?: string | null | undefined;
  /** An icon when there is no image ("no preferences"). */
  icon?: IconName;
  /** A line under the title (counts, durations…). */
  meta?: ReactNode;
  /** The current choice (coming back to the step). */
  selected?: boolean;
  /** What the details popup calls it; no info button without it. */
  details?: Pick<ItemDetails, 'type' | 'id'>;
  testId?: string;
}

export interface DisplayMode {
  grid: boolean;
  image: boolean;
  description: boolean;
}

/** The display of a grid_list_mode tab: list mode when off or without images (spec screen 3). */
export function displayMode(
  entry: { grid_mode?: boolean; image?: boolean; description?: boolean } | undefined,
  items: readonly { image?: string | null | undefined }[],
): DisplayMode {
  const image = entry?.image ?? true;
  const hasImages = image && items.some((i) => Boolean(i.image));
  return { grid: Boolean(entry?.grid_mode) && hasImages, image, description: entry?.description ?? true };
}

interface ChoiceListProps {
  items: readonly ChoiceItem[];
  mode: DisplayMode;
  onPick: (item: ChoiceItem) => void;
  /** Accessible name of the list. */
  label: string;
  testId?: string;
}

/**
 * The first options' images are in the first screenful (a grid shows two a row from 680 px, one on
 * a phone): they load at once, the first image with high priority, since it is often the page's
 * largest paint ("no preference" comes first and has an icon, not an image). The rest wait until
 * they come near the screen.
 */
const EAGER_IMAGES = 2;
const imageLoading = (index: number, firstImage: number) =>
  index < firstImage + EAGER_IMAGES
    ? ({ loading: 'eager', fetchPriority: index === firstImage ? 'high' : 'auto' } as const)
    : ({ loading: 'lazy' } as const);

export function ChoiceList({ items, mode, onPick, label, testId }: ChoiceListProps) {
  const { t } = useTranslation();
  const info = (item: ChoiceItem) => {
    if (!item.details) return;
    openPopup({
      kind: 'details',
      item: { ...item.details, title: item.title, description: item.description, image: item.image },
    });
  };
  const firstImage = mode.image ? items.findIndex((item) => item.image) : -1;
  return (
    <ul className={mode.grid ? styles.grid : styles.list} aria-label={label} data-testid={testId}>
      {items.map((item, index) => {
        const image = mode.image && item.image ? item.image : null;
        const hasInfo = Boolean(item.details && item.description);
        return (
          <li key={item.key} className={styles.cell} data-selected={item.selected || undefined}>
            <button
              type="button"
              className={styles.choice}
              onClick={() => onPick(item)}
              aria-current={item.selected ? 'true' : undefined}
              data-testid={item.testId}
            >
              {mode.grid ? (
                <span className={styles.tileImage} aria-hidden="true">
                  {image ? (
                    <img src={image} alt="" width={510} height={510} {...imageLoading(index, firstImage)} />
                  ) : (
                    <Icon name={item.icon ?? 'calendar'} size={40} />
                  )}
                </span>
              ) : image ? (
                <img
                  className={styles.thumb}
                  src={image}
                  alt=""
                  width={128}
                  height={128}
                  {...imageLoading(index, firstImage)}
                />
              ) : (
                <span className={styles.thumbIcon} aria-hidden="true">
                  <Icon name={item.icon ?? 'calendar'} size={26} />
                </span>
              )}
              <span className={styles.text}>
                <span className={styles.title}>{item.title}</span>
                {item.meta && <span className={styles.meta}>{item.meta}</span>}
                {mode.description && item.description && (
                  <span className={styles.description}>{item.description}</span>
                )}
                {item.selected && (
                  <span className={styles.chosen}>
                    <Icon name="check" size={16} />
                    {t('booking.chosen')}
                  </span>
                )}
              </span>
              {!mode.grid && <Icon name="forward" size={20} className={styles.arrow} />}
            </button>
            {hasInfo && (
              <button
                type="button"
                className={styles.info}
                onClick={() => info(item)}
                aria-label={t('booking.moreAbout', { name: item.title })}
                data-testid={item.testId ? `${item.testId}-info` : undefined}
              >
                <Icon name="info" size={20} />
              </button>
            )}
          </li>
        );
      })}
    </ul>
  );
}
