import { home } from '@oj/shared';
import { useQuery } from '@tanstack/react-query';
import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../lib/api';
import { lazyScreen } from '../../lib/lazy-screen';
import { queryKey } from '../../lib/query-keys';

// antd's Alert only loads when there is something to say (decision 0038).
const Alert = lazyScreen(() => import('antd/es/alert'));

const REFRESH_MS = 60_000;

/** Says that judging is paused and why (no judge online, or a judge without its sandbox or compilers), or which
 * languages on offer have no judge online (their submissions are taken and wait, decision 0036), so a submission
 * that stays Pending is never a mystery. Nothing shows while every language has a judge. */
export const JudgeStatusBanner = () => {
  const { t, i18n } = useTranslation();
  const { data } = useQuery({
    queryKey: queryKey(home.getJudgeStatus),
    queryFn: () => api.call(home.getJudgeStatus, {}, { silent: true }),
    refetchInterval: REFRESH_MS,
  });
  if (!data) return null;
  if (data.available || !data.reason) {
    if (data.waiting.length === 0) return null;
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
