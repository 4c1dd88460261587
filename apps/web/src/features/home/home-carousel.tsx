import { home } from '@oj/shared';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import carouselDefault from '../../assets/carousel-default.svg';
import { api } from '../../lib/api';
import { MOBILE_MAX_WIDTH } from '../../lib/notify';
import { useMaxWidth } from '../../lib/use-media-query';
import './home-carousel.css';
import { queryKey } from '../../lib/query-keys';

/** Carousel height 440 px, 200 px on mobile, as the most it takes: the box keeps the banner's
 * 1200 x 440 shape below that, so a narrow screen shows the whole picture instead of cropping its sides. */
export const CAROUSEL_HEIGHT = 440;
export const CAROUSEL_HEIGHT_MOBILE = 200;
export const CAROUSEL_ASPECT_RATIO = 1200 / 440;
const AUTOPLAY_MS = 5000;

/** A small fading carousel: antd's Carousel (react-slick) would cost the first visit ~12 KB gzipped. */
export const HomeCarousel = () => {
  const { t } = useTranslation();
  const mobile = useMaxWidth(MOBILE_MAX_WIDTH);
  const { data } = useQuery({
    queryKey: queryKey(home.homeCarousel),
    queryFn: () => api.call(home.homeCarousel, {}),
  });
  const height = mobile ? CAROUSEL_HEIGHT_MOBILE : CAROUSEL_HEIGHT;
  // Until an admin uploads pictures, a banner shipped with the app fills the slot.
  const images = data?.length ? data.map((d) => d.url) : [carouselDefault];
  const [index, setIndex] = useState(0);
  const count = images.length;

  useEffect(() => {
    if (count < 2) return;
    const timer = setInterval(() => setIndex((i) => (i + 1) % count), AUTOPLAY_MS);
    return () => clearInterval(timer);
  }, [count]);

  const current = index % count;
  return (
    <section
      className="oj-carousel"
      style={{ maxHeight: height, aspectRatio: CAROUSEL_ASPECT_RATIO }}
      aria-label={t('Carousel')}
    >
      {images.map((url, i) => (
        <img
          key={url}
          src={url}
          alt={t('Carousel_Image', { index: i + 1 })}
          className={i === current ? 'oj-carousel__slide oj-carousel__slide--active' : 'oj-carousel__slide'}
          aria-hidden={i !== current}
        />
      ))}
      {count > 1 && (
        <div className="oj-carousel__dots">
          {images.map((url, i) => (
            <button
              key={url}
              type="button"
              className={i === current ? 'oj-carousel__dot oj-carousel__dot--active' : 'oj-carousel__dot'}
              aria-label={t('Carousel_Image', { index: i + 1 })}
              aria-current={i === current}
              onClick={() => setIndex(i)}
            />
          ))}
        </div>
      )}
    </section>
  );
};
