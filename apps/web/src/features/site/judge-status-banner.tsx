import { home } from '@oj/shared';
import { type QueryClient, queryOptions, useQuery } from '@tanstack/react-query';
import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../lib/api';
import { lazyScreen } from '../../lib/lazy-screen';
import { queryKey } from '../../lib/query-keys';

// antd's Alert only loads when there is something to say (decision 0038).
const Alert = lazyScreen(() => import('antd/es/alert'));

const REFRESH_MS = 60_000;

const judgeStatusQuery = queryOptions({
  queryKey: queryKey(home.getJudgeStatus),
  queryFn: () => api.call(home.getJudgeStatus, {}, { silent: true }),
  refetchInterval: REFRESH_MS,
});

type JudgeStatus = Awaited<ReturnType<typeof judgeStatusQuery.queryFn & {}>>;

/** What the banner says: nothing, the languages waiting for a judge, or judging paused. */
const bannerOf = (data: JudgeStatus | undefined) => {
  if (!data) return null;
  if (data.available || !data.reason) return data.waiting.length === 0 ? null : ('waiting' as const);
  return 'paused' as const;
};

/** Asked for by the entry with the page (main.tsx): the first render shows the banner where it will stay, so the
 * page never moves down under the reader's eyes (or the pointer) when the judge's status arrives. */
export const prefetchJudgeStatus = async (queryClient: QueryClient) => {
  await queryClient.prefetchQuery(judgeStatusQuery);
  if (bannerOf(queryClient.getQueryData(judgeStatusQuery.queryKey))) await Alert.preload();
};

/** Says that judging is paused and why (no judge online, or a judge without its sandbox or compilers), or which
 * languages on offer have no judge online (their submissions are taken and wait, decision 0036), so a submission
 * that stays Pending is never a mystery. Nothing shows while every language has a judge. */
export const JudgeStatusBanner = () => {
  const { t, i18n } = useTranslation();
  const { data } = useQuery(judgeStatusQuery);
  const banner = bannerOf(data);
  if (!data || !banner) return null;
  if (banner === 'waiting') {
    return (
      <Suspense fallback={null}>
        <Alert
          type="info"
          showIcon
          banner
          title={t('Judge_Waiting_Languages', {
            languages: data.waiting.join(i18n.language === 'zh-CN' ? '、' : ', '),
          })}
        />
      </Suspense>
    );
  }
  return (
    <Suspense fallback={null}>
      <Alert
        type="warning"
        showIcon
        banner
        title={t(data.reason === 'noJudge' ? 'Judge_Paused_No_Judge' : 'Judge_Paused_No_Language')}
      />
    </Suspense>
  );
};
