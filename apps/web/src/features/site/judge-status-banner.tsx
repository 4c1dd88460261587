import { home } from '@oj/shared';
import { useQuery } from '@tanstack/react-query';
import { Alert } from 'antd';
import { useTranslation } from 'react-i18next';
import { api } from '../../lib/api';

const REFRESH_MS = 60_000;

/** Says that judging is paused and why (no judge online, or a judge without its sandbox or compilers), so a
 * submission that stays Pending is never a mystery (DESIGN §1). Nothing shows while judging works. */
export const JudgeStatusBanner = () => {
  const { t } = useTranslation();
  const { data } = useQuery({
    queryKey: [home.getJudgeStatus.path],
    queryFn: () => api.call(home.getJudgeStatus, {}, { silent: true }),
    refetchInterval: REFRESH_MS,
  });
  if (!data || data.available || !data.reason) return null;
  return (
    <Alert
      type="warning"
      showIcon
      banner
      title={t(data.reason === 'noJudge' ? 'Judge_Paused_No_Judge' : 'Judge_Paused_No_Language')}
    />
  );
};
