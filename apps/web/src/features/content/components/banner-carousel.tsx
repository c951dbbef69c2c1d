import { type Banner, bannerSrcSet, HOME_BANNER_SIZES } from '@tessera/contracts';
import { useCallback, useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { whenIdle } from '../../../shared/hooks/use-idle';
import { IconButton } from '../../../shared/ui/button/button';
import { isPageCovered, subscribePageCovered } from '../../../shared/ui/dialog/scroll-lock';
import { PauseIcon, PlayIcon } from '../../../shared/ui/icons/icons';
import { useAnnouncements, useBanners } from '../api/announcements';
import { BannerAnchor } from './banner-anchor';
import styles from './banner-carousel.module.css';

/** Spec section 9: autoplay every 5000 ms, transitions over 1000 ms. */
export const BANNER_AUTOPLAY_MS = 5000;
export const BANNER_TRANSITION_MS = 1000;

interface SlideProps {
  banner: Banner;
  isFirst: boolean;
  isHidden: boolean;
  /**
   * The other slides' pictures wait for the first one's and then for the browser to be idle, so they do not slow
   * the page's largest picture or its first screen.
   */
  hasPicture: boolean;
  onFirstSettled?: () => void;
}

const Slide = ({ banner, isFirst, isHidden, hasPicture, onFirstSettled }: SlideProps) => (
  <BannerAnchor banner={banner} className={styles.slide} isHidden={isHidden}>
    {hasPicture ? (
      <img
        className={styles.image}
        // A phone takes a narrower rendition (the page's preload names the same set). sizes and srcset come before
        // src: the element then picks its rendition once, from the complete set.
        sizes={HOME_BANNER_SIZES}
        srcSet={bannerSrcSet(banner.url) ?? undefined}
        src={banner.url}
        alt=""
        width={1200}
        height={400}
        loading={isFirst ? 'eager' : 'lazy'}
        fetchPriority={isFirst ? 'high' : 'low'}
        // The first picture is the page's largest: decoded with the frame it arrives in, not a frame later.
        decoding={isFirst ? 'auto' : 'async'}
        draggable={false}
        onLoad={onFirstSettled}
        onError={onFirstSettled}
      />
    ) : null}
    <span className={styles.caption} dir="auto">
      {banner.title}
    </span>
  </BannerAnchor>
);

/**
 * The home banner carousel (spec section 2, group w_home). With more than one banner it loops (a copy of the
 * first slide follows the last, so the wrap keeps moving forward), autoplays every 5000 ms with a 1000 ms
 * transition, and has clickable pagination. Autoplay pauses while the pointer or focus is on it, with the pause
 * button (WCAG 2.2.2), and while a dialog covers the page (nobody sees it move; decision 0155).
 */
export const BannerCarousel = () => {
  const { t } = useTranslation();
  const isPending = useAnnouncements().isPending;
  const banners = useBanners('w_home');
  const count = banners.length;
  const [position, setPosition] = useState(0);
  const [isAnimated, setAnimated] = useState(true);
  const [isHeld, setHeld] = useState(false);
  const [isPaused, setPaused] = useState(false);
  const [isFirstSettled, setFirstSettled] = useState(false);
  const isCovered = useSyncExternalStore(subscribePageCovered, isPageCovered);
  const cancelIdle = useRef<(() => void) | null>(null);
  const settleFirst = useCallback(() => {
    cancelIdle.current ??= whenIdle(() => setFirstSettled(true));
  }, []);
  useEffect(() => () => cancelIdle.current?.(), []);
  const trackRef = useRef<HTMLDivElement>(null);
  const isLooping = count > 1;
  const active = count > 0 ? position % count : 0;

  const goTo = useCallback((next: number) => {
    setAnimated(true);
    setPosition(next);
  }, []);

  useEffect(() => {
    if (!isLooping || isHeld || isPaused || isCovered) return;
    const timer = window.setTimeout(() => goTo(position + 1), BANNER_AUTOPLAY_MS);
    return () => window.clearTimeout(timer);
  }, [isLooping, isHeld, isPaused, isCovered, position, goTo]);

  // Landing on the copy of the first slide: jump back to the real one without a transition.
  const handleTransitionEnd = () => {
    if (position >= count) {
      setAnimated(false);
      setPosition(0);
    }
  };

  // Safety net when transitions do not run (reduced motion, hidden tab): never rest on the copy.
  useEffect(() => {
    if (position < count || count === 0) return;
    const timer = window.setTimeout(handleTransitionEnd, BANNER_TRANSITION_MS + 50);
    return () => window.clearTimeout(timer);
  });

  // Until the banners arrive their place is held, so the lobby below does not jump when they do.
  if (count === 0)
    return isPending ? <div className={styles.carousel} aria-hidden="true" data-carousel-pending="" /> : null;
  const slides = isLooping ? [...banners, banners[0] as Banner] : banners;

  return (
    <section
      className={styles.carousel}
      aria-roledescription="carousel"
      aria-label={t('banner_carousel')}
      data-carousel=""
      data-active-index={active}
      onPointerEnter={() => setHeld(true)}
      onPointerLeave={() => setHeld(false)}
      onFocus={() => setHeld(true)}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setHeld(false);
      }}
    >
      <div className={styles.viewport}>
        <div
          ref={trackRef}
          className={styles.track}
          style={{
            transform: `translateX(calc(${position} * -100% * var(--carousel-direction, 1)))`,
            transitionDuration: isAnimated ? `${BANNER_TRANSITION_MS}ms` : '0ms',
          }}
          onTransitionEnd={handleTransitionEnd}
          aria-live={isLooping && !isPaused && !isHeld ? 'off' : 'polite'}
        >
          {slides.map((banner, index) => (
            <Slide
              // biome-ignore lint/suspicious/noArrayIndexKey: the looping copy repeats the first banner's id.
              key={`${banner.id}-${index}`}
              banner={banner}
              isFirst={index === 0}
              isHidden={index !== position}
              // The looping copy shows the first picture again (from the cache); a slide moved to shows its own.
              hasPicture={index === 0 || isFirstSettled || index === position}
              onFirstSettled={index === 0 ? settleFirst : undefined}
            />
          ))}
        </div>
      </div>
      {isLooping ? (
        <div className={styles.controls}>
          <div className={styles.bullets}>
            {banners.map((banner, index) => (
              <button
                key={banner.id}
                type="button"
                className={styles.bullet}
                aria-label={t('banner_go_to', { index: index + 1, count })}
                aria-current={index === active ? 'true' : undefined}
                onClick={() => goTo(index)}
              />
            ))}
          </div>
          <IconButton
            label={t(isPaused ? 'banner_play' : 'banner_pause')}
            className={styles.pause}
            onClick={() => setPaused((paused) => !paused)}
          >
            {isPaused ? <PlayIcon /> : <PauseIcon />}
          </IconButton>
        </div>
      ) : null}
    </section>
  );
};
