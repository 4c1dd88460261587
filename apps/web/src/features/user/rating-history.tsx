import { RATING_BANDS, type RatingHistoryEntry, ratingBand, rating as ratingContract } from '@oj/shared';
import { useQuery } from '@tanstack/react-query';
import { Typography } from 'antd';
import dayjs from 'dayjs';
import type { EChartsOption } from 'echarts';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { EChart } from '../../components/echart';
import { Panel } from '../../components/panel';
import { useBandTitle } from '../../components/rating-colored';
import { api } from '../../lib/api';
import { queryKey } from '../../lib/query-keys';

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

/** The chart of a user's rating over their rated contests, drawn over Codeforces' colour bands as Codeforces draws
 * it; each point's tooltip names the contest, the place and the change. */
export const ratingHistoryOption = (
  history: RatingHistoryEntry[],
  texts: { rating: string; place: string; performance: string; band: (rating: number) => string },
): EChartsOption => {
  const values = history.flatMap((h) => [h.oldRating, h.newRating]);
  const low = Math.floor((Math.min(...values) - 150) / 100) * 100;
  const high = Math.ceil((Math.max(...values) + 150) / 100) * 100;
  const bands = RATING_BANDS.map((b, i) => ({
    from: Math.max(low, Number.isFinite(b.from) ? b.from : low),
    to: Math.min(high, RATING_BANDS[i + 1]?.from ?? high),
    color: b.color,
  })).filter((b) => b.from < b.to);
  return {
    grid: { left: 48, right: 16, top: 16, bottom: 32 },
    tooltip: {
      trigger: 'item',
      formatter: (p: unknown) => {
        const h = history[(p as { dataIndex: number }).dataIndex];
        const change = h.newRating - h.oldRating;
        return [
          `<b>${escapeHtml(h.title)}</b>`,
          dayjs(h.time).format('YYYY-MM-DD HH:mm'),
          `${texts.place}: ${h.rank}`,
          `${texts.rating}: ${h.newRating} (${change >= 0 ? '+' : ''}${change}), ${escapeHtml(texts.band(h.newRating))}`,
          `${texts.performance}: ${h.performance}`,
        ].join('<br/>');
      },
    },
    // A few days on either side, so that one contest or a few close ones get dates on the axis, not hours.
    xAxis: {
      type: 'time',
      min: dayjs(history[0].time).subtract(3, 'day').valueOf(),
      max: dayjs(history[history.length - 1].time)
        .add(3, 'day')
        .valueOf(),
      axisLabel: { hideOverlap: true },
    },
    yAxis: { type: 'value', min: low, max: high, splitLine: { show: false } },
    series: [
      {
        type: 'line',
        name: texts.rating,
        data: history.map((h) => [h.time, h.newRating]),
        symbolSize: 7,
        itemStyle: { color: '#d4a017', borderColor: '#8c6d1f' },
        lineStyle: { color: '#d4a017' },
        markArea: {
          silent: true,
          itemStyle: { opacity: 0.18 },
          data: bands.map((b) => [{ yAxis: b.from, itemStyle: { color: b.color } }, { yAxis: b.to }]) as never,
        },
      },
    ],
  };
};

/** The user home's rating history: the chart (when there is a rated contest) and a line of summary. */
export const RatingHistory = ({ uid, rating }: { uid: string; rating: number | null }) => {
  const { t } = useTranslation(['user']);
  const bandTitle = useBandTitle();
  const history = useQuery({
    queryKey: queryKey(ratingContract.getRatingHistory, uid),
    queryFn: () => api.call(ratingContract.getRatingHistory, { uid }),
  });
  const entries = history.data ?? [];
  const option = useMemo(
    () =>
      entries.length
        ? ratingHistoryOption(entries, {
            rating: t('User_Rating'),
            place: t('Rating_Place'),
            performance: t('Rating_Performance'),
            band: (r) => {
              const b = ratingBand(r);
              return b ? bandTitle(b) : '';
            },
          })
        : null,
    [entries, t, bandTitle],
  );
  const band = ratingBand(rating);
  if (!option) return null;
  const last = entries[entries.length - 1];
  return (
    <Panel title={t('Rating_History')}>
      <Typography.Paragraph type="secondary">
        {t('Rating_History_Summary', { count: entries.length, max: Math.max(...entries.map((e) => e.newRating)) })}
        {band && last ? ` · ${bandTitle(band)}` : ''}
      </Typography.Paragraph>
      <EChart label={t('Rating_History')} option={option} style={{ height: 280 }} />
    </Panel>
  );
};
