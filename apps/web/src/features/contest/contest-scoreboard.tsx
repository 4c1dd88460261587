import { StarFilled, StarOutlined } from '@ant-design/icons';
import type { AcmContestRankRow, Contest, ContestProblem, OiContestRankRow } from '@oj/shared';
import { contest as contract } from '@oj/shared';

import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Alert, Button, Input, Pagination, Space, Switch, Table, Tag, Tooltip } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { type CSSProperties, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { RatingColored } from '../../components/rating-colored';
import { KEY_COLUMN_CLASS } from '../../components/responsive-table';
import { api } from '../../lib/api';
import { useSession } from '../../lib/auth-store';
import { useLiveContestUp, useLiveEvent } from '../../lib/live-events';
import { MOBILE_MAX_WIDTH } from '../../lib/notify';
import { queryKey } from '../../lib/query-keys';
import { useMaxWidth } from '../../lib/use-media-query';
import { downloadRankList } from './contest-downloads';
import { formatSeconds } from './contest-time';
import {
  ACM_CELL_COLORS,
  acmCellState,
  acmCellText,
  FOLLOWED_ROW_BACKGROUND,
  OI_CELL_COLORS,
  OWN_ROW_BACKGROUND,
  oiCellState,
  PINNED_ROW_EDGE,
  SCOREBOARD_DEFAULT_PAGE_SIZE,
  SCOREBOARD_PAGE_SIZES,
  SCOREBOARD_REFRESH_MS,
  splitPinned,
} from './scoreboard-cells';
import { concernedUsersKey, readIdList, useIsContestAdmin, writeIdList } from './use-contest';

const { CONTEST_STATUS } = contract;

type Row = (AcmContestRankRow | OiContestRankRow) & {
  /** 'own' and 'followed' rows are the copies pinned on top of the page; 'board' rows are the page itself. */
  kind?: 'own' | 'followed' | 'board';
  _key?: string;
};
const isAcm = (r: Row): r is AcmContestRankRow => 'ac' in r;

const Switcher = ({
  id,
  label,
  ...rest
}: {
  id: string;
  label: string;
  checked: boolean;
  onChange: (v: boolean) => void;
}) => (
  <Space>
    <span id={id}>{label}</span>
    <Switch aria-labelledby={id} {...rest} />
  </Space>
);

/** The scoreboard of the rank tab and of the outside ACM/OI scoreboards. */
export const ContestScoreboard = ({
  contest,
  problems,
  status,
  outside,
}: {
  contest: Contest;
  problems: ContestProblem[];
  status: number;
  outside: boolean;
}) => {
  const { t } = useTranslation(['contest', 'submission']);
  const admin = useIsContestAdmin(contest);
  const phone = useMaxWidth(MOBILE_MAX_WIDTH);
  const { user } = useSession();
  const ended = status === CONTEST_STATUS.ENDED;
  const [currentPage, setCurrentPage] = useState(1);
  const [limit, setLimit] = useState(SCOREBOARD_DEFAULT_PAGE_SIZE);
  const [keyword, setKeyword] = useState('');
  const [showStar, setShowStar] = useState(true);
  const [showVirtual, setShowVirtual] = useState(false);
  const [forceRefresh, setForceRefresh] = useState(false);
  // On by default while the contest runs; never after the end.
  const [autoRefresh, setAutoRefresh] = useState(!ended);
  const [concerned, setConcerned] = useState<string[]>(() => readIdList<string>(concernedUsersKey(contest.id)));
  useEffect(() => {
    if (ended) setAutoRefresh(false);
  }, [ended]);

  const input = {
    cid: contest.id,
    currentPage,
    limit,
    keyword: keyword || null,
    removeStar: !showStar,
    forceRefresh: admin && forceRefresh,
    concernedList: concerned,
    // An ended contest's virtual participants (decision 0051), on asking.
    ...(ended && showVirtual ? { showVirtual: true } : {}),
  };
  const endpoint = outside ? contract.getContestOutsideScoreboard : contract.getContestRank;
  const live = useLiveContestUp(contest.id);
  const board = useQuery({
    queryKey: queryKey(endpoint, input),
    queryFn: () => api.call(endpoint, input),
    placeholderData: keepPreviousData,
    retry: false,
    // Auto refresh: every 30 s, or while the live stream carries the contest, at each change of the board
    // as this viewer sees it (at most one a second).
    refetchInterval: autoRefresh && !live ? SCOREBOARD_REFRESH_MS : false,
  });
  useLiveEvent('board', (e) => {
    if (e.cid === contest.id && autoRefresh) void board.refetch();
  });
  // A failed load stops the loading state and turns auto refresh off.
  useEffect(() => {
    if (board.error) setAutoRefresh(false);
  }, [board.error]);

  const toggleConcern = (uid: string) => {
    const next = concerned.includes(uid) ? concerned.filter((u) => u !== uid) : [...concerned, uid];
    setConcerned(next);
    writeIdList(concernedUsersKey(contest.id), next);
  };

  const nameOf = (r: Row) =>
    (contest.rankShowName === 'realname' && r.realname) ||
    (contest.rankShowName === 'nickname' && r.nickname) ||
    r.username;

  // The rank tab pins the viewer's own row (never the outside boards), then followed users' rows.
  const page = splitPinned(board.data?.records ?? [], {
    viewerUid: outside ? undefined : user?.uid,
    concerned,
  });
  const dataSource: Row[] = [
    ...page.pinned.map((r) => ({
      ...r,
      kind: r.own ? ('own' as const) : ('followed' as const),
      _key: `pin:${r.uid}`,
    })),
    // A uid repeats on a page only while the viewer is unknown (signing out): the position keeps keys unique.
    ...page.rows.map((r, i) => ({ ...r, kind: 'board' as const, _key: `row:${i}:${r.uid}` })),
  ];

  const acm = contest.type === 0;
  // A board, not a list: the rank, the user and the totals are its key columns (the rank and the user pinned left,
  // narrower on a phone), and the problem columns scroll inside the board's box.
  const key = KEY_COLUMN_CLASS;
  const boardColumns: ColumnsType<Row> = [
    {
      title: t('Rank_Column'),
      key: 'rank',
      fixed: 'left',
      width: phone ? 48 : 70,
      className: key,
      render: (_, r) =>
        r.rank === -1 ? (
          <span title={t('Star_User')}>*</span>
        ) : (
          <span
            style={
              r.isWinAward && r.awardBackground
                ? { background: r.awardBackground, color: r.awardColor ?? '#fff', padding: '2px 8px', borderRadius: 4 }
                : undefined
            }
            title={r.awardName ?? undefined}
          >
            {r.rank}
          </span>
        ),
    },
    {
      title: t('User_Column'),
      key: 'user',
      fixed: 'left',
      width: phone ? 120 : 200,
      className: key,
      render: (_, r) => (
        <Space size={[4, 0]} wrap>
          <Tooltip title={concerned.includes(r.uid) ? t('Unconcerned') : t('Concerned')}>
            <Button
              type="text"
              size="small"
              aria-label={`${concerned.includes(r.uid) ? t('Unconcerned') : t('Concerned')} ${r.username}`}
              icon={concerned.includes(r.uid) ? <StarFilled style={{ color: '#faad14' }} /> : <StarOutlined />}
              onClick={() => toggleConcern(r.uid)}
            />
          </Tooltip>
          <Link
            to={`/user-home?username=${encodeURIComponent(r.username)}&uid=${encodeURIComponent(r.uid)}`}
            style={{ overflowWrap: 'anywhere' }}
          >
            {/* The participant's contest rating band (decision 0046). */}
            <RatingColored rating={r.rating}>{nameOf(r)}</RatingColored>
          </Link>
          {r.kind === 'own' && (
            <Tag color="#1677ff" style={{ marginInlineEnd: 0 }}>
              {t('Contest_Rank_Own')}
            </Tag>
          )}
          {r.virtual && (
            <Tag color="magenta" style={{ marginInlineEnd: 0 }}>
              {t('Virtual_Tag')}
            </Tag>
          )}
          {r.school && <span style={{ color: '#999' }}>{r.school}</span>}
        </Space>
      ),
    },
    ...(acm
      ? [
          {
            title: t('Contest_Solved'),
            key: 'ac',
            width: phone ? 56 : 80,
            className: key,
            render: (_: unknown, r: Row) => (isAcm(r) ? r.ac : ''),
          },
          {
            title: t('Penalty'),
            key: 'penalty',
            width: phone ? 84 : 110,
            className: key,
            render: (_: unknown, r: Row) => (isAcm(r) ? formatSeconds(r.totalTime) : ''),
          },
        ]
      : [
          {
            title: t('Total_Score'),
            key: 'score',
            width: phone ? 64 : 100,
            className: key,
            render: (_: unknown, r: Row) => (isAcm(r) ? '' : r.totalScore),
          },
        ]),
    ...problems.map((p) => ({
      title: (
        <Tooltip title={p.displayTitle}>
          <span style={p.color ? { borderBottom: `3px solid ${p.color}` } : undefined}>{p.displayId}</span>
        </Tooltip>
      ),
      key: `p-${p.displayId}`,
      width: phone ? 76 : 90,
      align: 'center' as const,
      onCell: (r: Row) => {
        if (isAcm(r)) {
          const state = acmCellState(r.submissionInfo[p.displayId]);
          return {
            style: { background: ACM_CELL_COLORS[state], color: state === 'first-ac' ? '#fff' : undefined },
            'data-state': state,
          } as object;
        }
        const score = r.submissionInfo[p.displayId];
        return score === undefined
          ? {}
          : ({ style: { color: OI_CELL_COLORS[oiCellState(score, p.ioScore)], fontWeight: 600 } } as object);
      },
      render: (_: unknown, r: Row) => {
        if (isAcm(r)) {
          const info = r.submissionInfo[p.displayId];
          const state = acmCellState(info);
          const text = acmCellText(info);
          return state === 'try' ? (
            <Tooltip title={t('Pending_Tries', { count: info?.tryNum ?? 0 })}>{text}</Tooltip>
          ) : (
            text
          );
        }
        return r.submissionInfo[p.displayId] ?? '';
      },
    })),
  ];

  // A pinned row's background on every cell (fixed columns paint their own), under a problem cell's colours.
  const pinnedBackground = (r: Row) =>
    r.kind === 'own' ? OWN_ROW_BACKGROUND : r.kind === 'followed' ? FOLLOWED_ROW_BACKGROUND : undefined;
  const columns = boardColumns.map((col) => ({
    ...col,
    onCell: (r: Row, index?: number) => {
      const own = (col.onCell?.(r, index) ?? {}) as { style?: CSSProperties };
      const background = pinnedBackground(r);
      // A firmer line under the pinned rows parts them from the board's.
      return background
        ? { ...own, style: { background, borderBottom: `2px solid ${PINNED_ROW_EDGE}`, ...own.style } }
        : own;
    },
  })) as ColumnsType<Row>;

  return (
    <section aria-label={t('Rankings')}>
      <Space wrap style={{ marginBottom: 12 }}>
        <Input.Search
          aria-label={t('Search_Scoreboard')}
          placeholder={t('Search_Scoreboard')}
          allowClear
          style={{ width: 220 }}
          onSearch={(v) => {
            setKeyword(v.trim());
            setCurrentPage(1);
          }}
        />
        <Switcher id={`star-${contest.id}`} label={t('Star_User')} checked={showStar} onChange={setShowStar} />
        {ended && contest.allowVirtual && (
          <Switcher
            id={`virtual-${contest.id}`}
            label={t('Show_Virtual')}
            checked={showVirtual}
            onChange={(v) => {
              setShowVirtual(v);
              setCurrentPage(1);
            }}
          />
        )}
        {admin && (
          <Switcher
            id={`force-${contest.id}`}
            label={t('Force_Update')}
            checked={forceRefresh}
            onChange={setForceRefresh}
          />
        )}
        <Space>
          <span id={`auto-${contest.id}`}>{t('Auto_Refresh')}</span>
          <Switch
            aria-labelledby={`auto-${contest.id}`}
            checked={autoRefresh}
            disabled={ended}
            onChange={(v) => {
              setAutoRefresh(v);
              if (v) void board.refetch();
            }}
          />
        </Space>
        <Button onClick={() => board.refetch()}>{t('Refresh')}</Button>
        {/* The rank tab (signed in) offers the board as xlsx; the outside boards are open to visitors. */}
        {!outside && (
          <Button onClick={() => void downloadRankList(contest.id, !showStar)}>{t('Download_Rank_List')}</Button>
        )}
        {contest.sealRank && contest.sealRankTime && <Tag color="orange">{t('Seal_Rank')}</Tag>}
      </Space>
      {board.error && <Alert type="error" showIcon title={t('Scoreboard_Load_Failed')} style={{ marginBottom: 12 }} />}
      <Table<Row>
        rowKey={(r) => r._key ?? r.uid}
        size="small"
        bordered
        // A board: a column per problem, which may scroll in the box (the layout sweep lets `.oj-board` do so).
        className="oj-board"
        scroll={{ x: 'max-content' }}
        loading={board.isFetching && !board.data}
        dataSource={dataSource}
        columns={columns}
        onRow={(r) =>
          ({
            'data-row-kind': r.kind,
            'aria-label':
              r.kind === 'own'
                ? t('Contest_Rank_Own_Row')
                : r.kind === 'followed'
                  ? t('Contest_Rank_Followed_Row')
                  : undefined,
          }) as object
        }
        // The server pages the board; the pinned rows come on top of each page and are not counted in `total`.
        pagination={false}
      />
      <Pagination
        style={{ marginTop: 12, textAlign: 'right' }}
        align="end"
        current={currentPage}
        pageSize={limit}
        total={board.data?.total ?? 0}
        pageSizeOptions={SCOREBOARD_PAGE_SIZES}
        showSizeChanger
        onChange={(p, size) => {
          setCurrentPage(size !== limit ? 1 : p);
          setLimit(size);
        }}
      />
    </section>
  );
};
