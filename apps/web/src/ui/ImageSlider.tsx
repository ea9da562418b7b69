/**
 * The home page's image slider (docs/requirements/booking-flow.md §2 screen 7, §9): autoplay every 4 seconds, dots and
 * arrows when there is more than one image, pause on hover. It also pauses while it has keyboard
 * focus, offers a pause button (WCAG 2.2.2), and does not autoplay for reduced-motion users.
 */
import { useEffect, useState } from 'react';
import { usePart } from '../i18n/i18n.ts';
import { Icon } from './Icon.tsx';
import styles from './ImageSlider.module.css';

export const SLIDE_INTERVAL_MS = 4000;
/** The slider's wide shape (16:7, ImageSlider.module.css), as the images' intrinsic size hint. */
const SLIDE_WIDTH = 1600;
const SLIDE_HEIGHT = 700;

export interface SliderImage {
  url: string;
  alt: string;
}

function prefersReducedMotion(): boolean {
  return typeof window !== 'undefined' && window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;
}

export function ImageSlider({ images, label }: { images: readonly SliderImage[]; label: string }) {
  const { t } = usePart('home');
  const [index, setIndex] = useState(0);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const [paused, setPaused] = useState(prefersReducedMotion);
  const several = images.length > 1;
  const running = several && !hovered && !focused && !paused;

  useEffect(() => {
    if (!running) return;
    const timer = setInterval(() => setIndex((i) => (i + 1) % images.length), SLIDE_INTERVAL_MS);
    return () => clearInterval(timer);
  }, [running, images.length]);

  if (images.length === 0) return null;
  const go = (to: number) => setIndex((to + images.length) % images.length);

  return (
    <section
      className={styles.slider}
      aria-roledescription="carousel"
      aria-label={label}
      data-testid="image-slider"
      data-index={index}
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      onFocus={() => setFocused(true)}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setFocused(false);
      }}
    >
      <div
        className={styles.track}
        style={{ transform: `translateX(-${index * 100}%)` }}
        aria-live={running ? 'off' : 'polite'}
      >
        {images.map((image, i) => (
          // biome-ignore lint/a11y/useSemanticElements: the WAI-ARIA carousel pattern names each slide with role=group
          <div
            key={image.url}
            className={styles.slide}
            role="group"
            aria-roledescription="slide"
            aria-label={t('home.slide', { current: i + 1, total: images.length })}
            aria-hidden={i !== index}
          >
            {/* The first photo is the page's largest paint: fetched first (the server's first HTML
                preloads it too). width/height give the box's shape (CSS sizes it; object-fit crops). */}
            <img
              src={image.url}
              alt={image.alt}
              width={SLIDE_WIDTH}
              height={SLIDE_HEIGHT}
              loading={i === 0 ? 'eager' : 'lazy'}
              fetchPriority={i === 0 ? 'high' : undefined}
            />
          </div>
        ))}
      </div>
      {several && (
        <>
          <button
            type="button"
            className={`${styles.arrow} ${styles.previous}`}
            onClick={() => go(index - 1)}
            aria-label={t('home.previous')}
          >
            <Icon name="back" />
          </button>
          <button
            type="button"
            className={`${styles.arrow} ${styles.next}`}
            onClick={() => go(index + 1)}
            aria-label={t('home.next')}
          >
            <Icon name="forward" />
          </button>
          <div className={styles.controls}>
            {images.map((image, i) => (
              <button
                key={image.url}
                type="button"
                className={styles.dot}
                aria-label={t('home.goTo', { number: i + 1 })}
                aria-current={i === index}
                onClick={() => go(i)}
              />
            ))}
            <button
              type="button"
              className={styles.pause}
              onClick={() => setPaused((p) => !p)}
              aria-label={paused ? t('home.play') : t('home.pause')}
            >
              <Icon name={paused ? 'play' : 'pause'} size={14} />
            </button>
          </div>
        </>
      )}
    </section>
  );
}
