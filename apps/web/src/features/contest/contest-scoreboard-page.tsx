import { contest as contract } from '@oj/shared';
import { useQuery } from '@tanstack/react-query';
import { Button, Empty, Result, Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { Panel } from '../../components/panel';
import { api } from '../../lib/api';
import { queryKey } from '../../lib/query-keys';
import { useOwnPageTitle } from '../../lib/use-page-title';
import { ContestHeader } from './contest-header';
import { ContestScoreboard } from './contest-scoreboard';
import { useContestClock } from './use-contest';

/** The outside scoreboards /contest/acm-scoreboard/:id and /contest/oi-scoreboard/:id: open to
 * visitors when the contest has openRank; the view follows the contest's type, an unknown type shows nothing. */
const ContestScoreboardPage = () => {
  const { t } = useTranslation('contest');
  const navigate = useNavigate();
  const cid = Number(useParams().contestID);
  const info = useQuery({
    queryKey: queryKey(contract.getContestOutsideInfo, cid),
    queryFn: () => api.call(contract.getContestOutsideInfo, { cid }),
    enabled: Number.isInteger(cid),
    retry: false,
  });
  const c = info.data?.contest;
  useOwnPageTitle(c?.title);
  const { nowMs, status } = useContestClock(c);
  if (info.isLoading) return <Spin style={{ display: 'block', padding: 96 }} />;
  if (info.error || !c || status === null) {
    return <Result status="warning" title={info.error?.message ?? t('Query_Error')} />;
  }
  if (c.type !== 0 && c.type !== 1) return <Empty />;
  return (
    <Panel
      extra={
        c.gid !== null && <Button onClick={() => navigate(`/group/${c.gid}/contest`)}>{t('Group_Contest')}</Button>
      }
    >
      <ContestHeader contest={c} nowMs={nowMs} status={status} />
      <p style={{ textAlign: 'center' }}>
        {t('Participants')}: {c.count}
      </p>
      <ContestScoreboard contest={c} problems={info.data?.problemList ?? []} status={status} outside />
    </Panel>
  );
};

export default ContestScoreboardPage;
