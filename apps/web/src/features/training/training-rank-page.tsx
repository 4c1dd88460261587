import { UserOutlined, WomanOutlined } from '@ant-design/icons';
import type { TrainingRankRow } from '@oj/shared';
import { training as contract } from '@oj/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Avatar, Input, Space, Table, Tag, Tooltip } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { serverPaging } from '../../components/paging';
import { KEY_COLUMN_CLASS } from '../../components/responsive-table';
import { api } from '../../lib/api';
import { useSession } from '../../lib/auth-store';
import { MOBILE_MAX_WIDTH } from '../../lib/notify';
import { queryKey } from '../../lib/query-keys';
import { useMaxWidth } from '../../lib/use-media-query';
import { MyStatusIcon } from '../problem/problem-list-page';
import { useTrainingContext } from './training-detail-page';
import { RANK_CELL_COLORS, rankCellState, rankNumber, userProblemStatusPath } from './training-progress';

const { TRAINING_PAGE } = contract;

type Row = TrainingRankRow & { _key: string; _rank: number };

/** Female users' names are pink, as on the scoreboards. */
const FEMALE_COLOR = '#eb2f96';

/** The rank of a private training, and of every group training: 30 a page, a keyword search, one column per
 * problem in the training's order; a problem cell opens that user's submissions of the problem. */
const TrainingRankPage = () => {
  const { t } = useTranslation(['training', 'submission']);
  const navigate = useNavigate();
  const { user } = useSession();
  const { training, problems, gid } = useTrainingContext();
  const phone = useMaxWidth(MOBILE_MAX_WIDTH);
  const [currentPage, setCurrentPage] = useState(1);
  const [keyword, setKeyword] = useState('');

  const input = { tid: training.id, currentPage, limit: TRAINING_PAGE.rank, keyword: keyword || undefined };
  const rank = useQuery({
    queryKey: queryKey(contract.getTrainingRank, input),
    queryFn: () => api.call(contract.getTrainingRank, input),
    placeholderData: keepPreviousData,
    retry: false,
  });
  const rows: Row[] = (rank.data?.records ?? []).map((r, i) => ({
    ...r,
    _key: `${i}:${r.uid}`,
    _rank: rankNumber(currentPage, TRAINING_PAGE.rank, i),
  }));
  // The server sends realname to the training's admins only: the column follows the data.
  const showRealname = rows.some((r) => !!r.realname);

  // A board, not a list: the rank, the user, the problems solved here and the total run time are its key columns
  // (the rank and the user pinned left, narrower on a phone); the school and the real name follow them on a phone,
  // and the problem columns scroll inside the board's box.
  const key = KEY_COLUMN_CLASS;
  const people: ColumnsType<Row> = [
    { title: t('Training_School'), dataIndex: 'school', key: 'school', render: (v: string | null) => v ?? '' },
    ...(showRealname
      ? [
          {
            title: t('Training_Realname'),
            dataIndex: 'realname',
            key: 'realname',
            render: (v: string | null) => v ?? '',
          },
        ]
      : []),
  ];
  const totals: ColumnsType<Row> = [
    // Only submissions made in this training count here; the training's progress counts problems solved anywhere.
    {
      title: t('Training_Solved_Here'),
      dataIndex: 'ac',
      key: 'ac',
      width: phone ? 64 : 120,
      align: 'center',
      className: key,
    },
    {
      title: t('Training_Total_Run_Time'),
      dataIndex: 'totalRunTime',
      key: 'totalRunTime',
      width: phone ? 84 : 120,
      className: key,
      render: (v: number) => `${v} ms`,
    },
  ];
  const columns: ColumnsType<Row> = [
    {
      title: t('Training_Rank_Number'),
      key: 'rank',
      fixed: 'left',
      width: phone ? 44 : 70,
      className: key,
      render: (_, r) => r._rank,
    },
    {
      title: t('Training_User'),
      key: 'user',
      fixed: 'left',
      width: phone ? 110 : 200,
      className: key,
      render: (_, r) => {
        const female = r.gender === 'female';
        return (
          <Space size={[6, 0]} wrap>
            {!phone && <Avatar size="small" src={r.avatar || undefined} icon={<UserOutlined />} alt="" />}
            <Link
              to={`/user-home?username=${encodeURIComponent(r.username)}&uid=${encodeURIComponent(r.uid)}`}
              style={{ overflowWrap: 'anywhere', ...(female ? { color: FEMALE_COLOR, fontWeight: 600 } : undefined) }}
              data-gender={r.gender ?? undefined}
            >
              {r.username}
            </Link>
            {female && <WomanOutlined style={{ color: FEMALE_COLOR }} aria-label={t('Training_Female')} />}
            {user?.uid === r.uid && <Tag color="blue">{t('Training_Own')}</Tag>}
          </Space>
        );
      },
    },
    ...(phone ? [...totals, ...people] : [...people, ...totals]),
    ...problems.map((p) => ({
      title: (
        <Tooltip title={p.title}>
          <span>{p.problemId}</span>
        </Tooltip>
      ),
      key: `p-${p.problemId}`,
      width: phone ? 90 : 100,
      align: 'center' as const,
      onCell: (r: Row) => {
        const cell = r.submissionInfo[p.problemId];
        const state = rankCellState(cell);
        return {
          style: { background: RANK_CELL_COLORS[state], cursor: cell ? 'pointer' : undefined },
          'data-state': state,
          onClick: cell ? () => navigate(userProblemStatusPath(r.username, p.problemId, gid)) : undefined,
        } as object;
      },
      render: (_: unknown, r: Row) => {
        const cell = r.submissionInfo[p.problemId];
        if (!cell || rankCellState(cell) === 'none') return null;
        return (
          <Link
            to={userProblemStatusPath(r.username, p.problemId, gid)}
            aria-label={t('Training_Cell_Submissions', { username: r.username, problem: p.problemId })}
            onClick={(e) => e.stopPropagation()}
            style={{ color: 'inherit' }}
          >
            <Space size={4}>
              <MyStatusIcon status={cell.status} />
              {cell.runTime !== null && <span>{cell.runTime} ms</span>}
            </Space>
          </Link>
        );
      },
    })),
  ];

  return (
    <section aria-label={t('Training_Rank_Tab')}>
      <Space wrap style={{ marginBottom: 12 }}>
        <Input.Search
          aria-label={t('Search_Training_Rank')}
          placeholder={t('Search_Training_Rank')}
          allowClear
          style={{ width: 220, maxWidth: '100%' }}
          onSearch={(v) => {
            setKeyword(v.trim());
            setCurrentPage(1);
          }}
        />
      </Space>
      <Table<Row>
        rowKey="_key"
        size="small"
        bordered
        // A board: a column per problem, which may scroll in the box (the layout sweep lets `.oj-board` do so).
        className="oj-board"
        scroll={{ x: 'max-content' }}
        loading={rank.isFetching && !rank.data}
        dataSource={rows}
        columns={columns}
        pagination={serverPaging(currentPage, TRAINING_PAGE.rank, rank.data?.total, setCurrentPage)}
      />
    </section>
  );
};

export default TrainingRankPage;
