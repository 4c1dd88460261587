import { contest, problem, rank } from '@oj/shared';
import { useQuery } from '@tanstack/react-query';
import { Col } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { Panel } from '../../components/panel';
import { api } from '../../lib/api';
import { useSession } from '../../lib/auth-store';
import { toast } from '../../lib/notify';
import { loginDialog } from '../../lib/ui-store';
import { RemoteJudgeLogos } from './remote-judge-logos';
import './home-widgets.css';
import { queryKey } from '../../lib/query-keys';

/** Home widgets stay plain lists: antd's Table would cost the first visit tens of KB (decision 0004's budget). */
export const RecentUpdatedProblems = () => {
  const { t } = useTranslation();
  const { data } = useQuery({
    queryKey: queryKey(problem.getRecentUpdatedProblem),
    queryFn: () => api.call(problem.getRecentUpdatedProblem, {}),
  });
  return (
    <Panel title={t('Recent_Updated_Problems')}>
      {data?.length === 0 && <p className="oj-widget__empty">{t('No_Data')}</p>}
      <ol className="oj-widget">
        {data?.map((p) => (
          <li key={p.id} className="oj-widget__row">
            <span className="oj-widget__main">
              <Link to={`/problem/${encodeURIComponent(p.problemId)}`}>{p.problemId}</Link> {p.title}
            </span>
            <span className="oj-widget__side">{dayjs(p.gmtModified).format('YYYY-MM-DD')}</span>
          </li>
        ))}
      </ol>
    </Panel>
  );
};

export const SevenDayAcRank = () => {
  const { t } = useTranslation();
  const { data } = useQuery({
    queryKey: queryKey(rank.getRecentSevenAcRank),
    queryFn: () => api.call(rank.getRecentSevenAcRank, {}),
  });
  return (
    <Panel title={t('Seven_Day_AC_Rank')}>
      {data?.length === 0 && <p className="oj-widget__empty">{t('No_Data')}</p>}
      <ol className="oj-widget">
        {data?.map((u, i) => (
          <li key={u.uid} className="oj-widget__row">
            <span className="oj-widget__main">
              <span className="oj-widget__seq">{i + 1}</span>
              <Link to={`/user-home?username=${encodeURIComponent(u.username)}`}>{u.username}</Link>
            </span>
            <span className="oj-widget__side">AC {u.ac}</span>
          </li>
        ))}
      </ol>
    </Panel>
  );
};

/** Recent contests: opening one needs a login; a visitor is asked to log in. */
export const RecentContests = () => {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { isAuthenticated } = useSession();
  const { data } = useQuery({
    queryKey: queryKey(contest.getRecentContest),
    queryFn: () => api.call(contest.getRecentContest, {}),
  });
  if (!data?.length) return null;
  const open = (id: number) => {
    if (!isAuthenticated) {
      toast.warning(t('Please_login_first'));
      loginDialog.open();
      return;
    }
    navigate(`/contest/${id}`);
  };
  return (
    <Col span={24}>
      <Panel title={t('Recent_Contests')}>
        <ol className="oj-widget">
          {data.map((c) => (
            <li key={c.id} className="oj-widget__row">
              <span className="oj-widget__main">
                <button type="button" className="oj-widget__link" onClick={() => open(c.id)}>
                  {c.title}
                </button>
              </span>
              <span className="oj-widget__side">{dayjs(c.startTime).format('YYYY-MM-DD HH:mm')}</span>
            </li>
          ))}
        </ol>
      </Panel>
    </Col>
  );
};

/** Contests elsewhere, curated by the site's admins: external links. */
export const OtherContests = () => {
  const { t } = useTranslation();
  const { data } = useQuery({
    queryKey: queryKey(contest.getRecentOtherContest),
    queryFn: () => api.call(contest.getRecentOtherContest, {}),
  });
  if (!data?.length) return null;
  return (
    <Col span={24}>
      <Panel title={t('Other_Contests')}>
        <ol className="oj-widget">
          {data.map((o) => (
            <li key={`${o.url}-${o.beginTime}`} className="oj-widget__row">
              <span className="oj-widget__main">
                <a href={o.url} target="_blank" rel="noopener noreferrer">
                  {o.title}
                </a>
                {o.source ? ` · ${o.source}` : ''}
              </span>
              <span className="oj-widget__side">{dayjs(o.beginTime).format('YYYY-MM-DD HH:mm')}</span>
            </li>
          ))}
        </ol>
      </Panel>
    </Col>
  );
};

const HomeWidgets = () => (
  <>
    <RecentContests />
    <OtherContests />
    <Col xs={24} lg={16}>
      <RecentUpdatedProblems />
    </Col>
    <Col xs={24} lg={8}>
      <SevenDayAcRank />
    </Col>
    <RemoteJudgeLogos />
  </>
);

export default HomeWidgets;
