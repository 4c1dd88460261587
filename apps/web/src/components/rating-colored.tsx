import { type RatingBand, ratingBand } from '@oj/shared';
import { useTranslation } from 'react-i18next';

/** A band's title in the interface language. */
export const useBandTitle = () => {
  const { i18n } = useTranslation();
  return (band: RatingBand) => band.title[i18n.language.startsWith('zh') ? 'zh-CN' : 'en-US'];
};

/** A name or a number in the colour of a contest rating's band (Codeforces' bands, rating-bands.ts of @oj/shared),
 * the band's title on hover; a legendary grandmaster's first letter black. Without a rating, the text as it is. */
export const RatingColored = ({ rating, children }: { rating: number | null | undefined; children: string }) => {
  const band = ratingBand(rating);
  const titleOf = useBandTitle();
  if (!band) return <>{children}</>;
  const style = { color: band.color, fontWeight: 600 };
  return (
    <span style={style} title={titleOf(band)}>
      {band.firstLetterBlack ? (
        <>
          <span style={{ color: '#000' }}>{children.slice(0, 1)}</span>
          {children.slice(1)}
        </>
      ) : (
        children
      )}
    </span>
  );
};
