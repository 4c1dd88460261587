import type { ContestProblem } from '@oj/shared';
import { problem as problemContract } from '@oj/shared';
import { useQuery } from '@tanstack/react-query';
import { Table } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useResponsiveColumns } from '../../components/responsive-table';
import { api } from '../../lib/api';
import { queryKey } from '../../lib/query-keys';
import { StatusTag } from '../submission/status-tag';
import { useContestContext } from './contest-detail-page';

/** The contest's problems: AC/total, or question marks without the real-time rank permission. */
const ContestProblemListPage = () => {
  const { t } = useTranslation(['contest', 'problem']);
  const navigate = useNavigate();
  const { contest, problems } = useContestContext();
  const pids = problems.map((p) => p.pid);
  const mine = useQuery({
    queryKey: queryKey(problemContract.getUserProblemStatus, 'contest', contest.id, pids),
    queryFn: () =>
      api.call(problemContract.getUserProblemStatus, { pidList: pids, isContestProblemList: true, cid: contest.id }),
    enabled: pids.length > 0,
  });
  // Whether solved, the problem's letter and title, and AC / total on a phone: the whole list.
  const layout = useResponsiveColumns<ContestProblem>([
    {
      title: t('My_Status'),
      key: 'mine',
      width: 130,
      render: (_, p) => {
        const s = mine.data?.[String(p.pid)]?.status;
        return s === undefined || s === -10 ? null : <StatusTag status={s} />;
      },
    },
    {
      title: t('Display_ID'),
      dataIndex: 'displayId',
      key: 'displayId',
      width: 120,
      render: (v: string, p) => (
        <span style={p.color ? { borderLeft: `4px solid ${p.color}`, paddingLeft: 8 } : undefined}>{v}</span>
      ),
    },
    {
      title: t('Title'),
      dataIndex: 'displayTitle',
      key: 'title',
      render: (title: string) => <span className="oj-table-title">{title}</span>,
    },
    {
      title: t('Accepted_Total'),
      key: 'count',
      width: 140,
      render: (_, p) => (p.ac === null || p.total === null ? '? / ?' : `${p.ac} / ${p.total}`),
    },
  ]);
  return (
    <Table<ContestProblem>
      rowKey="id"
      pagination={false}
      dataSource={problems}
      onRow={(p) => ({
        onClick: () => navigate(`/contest/${contest.id}/problem/${encodeURIComponent(p.displayId)}`),
        style: { cursor: 'pointer' },
      })}
      {...layout}
    />
  );
};

export default ContestProblemListPage;
