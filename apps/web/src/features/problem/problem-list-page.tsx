import {
  CheckOutlined,
  CloseOutlined,
  LoadingOutlined,
  MinusOutlined,
  ReloadOutlined,
  ThunderboltOutlined,
} from '@ant-design/icons';
import type { ProblemListItem } from '@oj/shared';
import { JUDGE_STATUS, problem } from '@oj/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Button, Col, Collapse, Input, Popover, Row, Select, Space, Table, Tag } from 'antd';
import { createContext, type HTMLAttributes, useContext, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { Panel } from '../../components/panel';
import { useResponsiveColumns } from '../../components/responsive-table';
import { api } from '../../lib/api';
import { useSession } from '../../lib/auth-store';
import { toast } from '../../lib/notify';
import { queryKey } from '../../lib/query-keys';
import { formatRate, isInProgress } from '../submission/judge-status';
import { DifficultyTag } from './difficulty-tag';
import {
  changeFilter,
  PROBLEM_PAGE_SIZES,
  type ProblemListQuery,
  parseProblemListQuery,
  toProblemListRequest,
  toProblemListSearch,
} from './problem-list-query';

const BANKS = ['All', 'Mine', ...problem.REMOTE_OJS] as const;

/** The per-status counts behind the hover breakdown, in display order. */
const BREAKDOWN: { field: keyof ProblemListItem; key: string }[] = [
  { field: 'ac', key: 'Status_Accepted' },
  { field: 'wa', key: 'Status_WrongAnswer' },
  { field: 'tle', key: 'Status_TimeLimitExceeded' },
  { field: 'mle', key: 'Status_MemoryLimitExceeded' },
  { field: 're', key: 'Status_RuntimeError' },
  { field: 'pe', key: 'Status_PresentationError' },
  { field: 'ce', key: 'Status_CompileError' },
  { field: 'pa', key: 'Status_PartialAccepted' },
  { field: 'se', key: 'Status_SystemError' },
];

export const StatusBreakdown = ({ row }: { row: ProblemListItem }) => {
  const { t } = useTranslation(['problem', 'submission']);
  return (
    <div style={{ minWidth: 200 }}>
      <strong>
        {row.problemId} · {t('Total')} {row.total}
      </strong>
      {BREAKDOWN.map(({ field, key }) => (
        <div key={field} style={{ display: 'flex', justifyContent: 'space-between', gap: 16 }}>
          <span>{t(key)}</span>
          <span>{formatRate(Number(row[field]), row.total)}</span>
        </div>
      ))}
    </div>
  );
};

/** antd's checkable tag is a plain span (its props type has no role): these make it a real, keyboard-usable
 * checkbox, which assistive technology and the e2e journey find by role and name. */
const checkboxProps = (checked: boolean, toggle: () => void): Record<string, unknown> => ({
  role: 'checkbox',
  'aria-checked': checked,
  tabIndex: 0,
  onKeyDown: (e: { key: string; preventDefault(): void }) => {
    if (e.key === 'Enter' || e.key === ' ') {
      e.preventDefault();
      toggle();
    }
  },
});

const RowsContext = createContext<Map<string, ProblemListItem>>(new Map());

/** Where the breakdown opens: above (or, without room, below) the row, shifted sideways to stay inside the window.
 * "right" of a row as wide as the page flipped to its left and was cut off at the window's left edge. */
export const BREAKDOWN_POPOVER = { placement: 'top', autoAdjustOverflow: true } as const;

/** Hovering a row shows the breakdown per judge status. */
const BreakdownRow = (props: HTMLAttributes<HTMLTableRowElement> & { 'data-row-key'?: string }) => {
  const rows = useContext(RowsContext);
  const row = props['data-row-key'] ? rows.get(String(props['data-row-key'])) : undefined;
  if (!row) return <tr {...props} />;
  return (
    <Popover content={<StatusBreakdown row={row} />} {...BREAKDOWN_POPOVER} mouseEnterDelay={0.3}>
      <tr {...props} />
    </Popover>
  );
};

export const MyStatusIcon = ({ status }: { status: number | undefined }) => {
  const { t } = useTranslation(['problem', 'submission']);
  if (status === undefined || status === JUDGE_STATUS.NOT_SUBMITTED) return null;
  if (status === JUDGE_STATUS.ACCEPTED)
    return <CheckOutlined style={{ color: '#52c41a' }} aria-label={t('Status_Accepted')} />;
  if (isInProgress(status)) return <LoadingOutlined aria-label={t('Status_Judging')} />;
  if (status === JUDGE_STATUS.PARTIAL_ACCEPTED)
    return <MinusOutlined style={{ color: '#1677ff' }} aria-label={t('Status_PartialAccepted')} />;
  return <CloseOutlined style={{ color: '#ff4d4f' }} aria-label={t('Status_WrongAnswer')} />;
};

const ProblemListPage = () => {
  const { t } = useTranslation(['problem', 'submission']);
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const query = parseProblemListQuery(params);
  const { isAuthenticated } = useSession();
  const [keyword, setKeyword] = useState(query.keyword);
  const [tagPanelOpen, setTagPanelOpen] = useState(query.tagId.length > 0);

  useEffect(() => setKeyword(query.keyword), [query.keyword]);

  const update = (patch: Partial<ProblemListQuery>) => setParams(toProblemListSearch(changeFilter(query, patch)));

  const list = useQuery({
    queryKey: queryKey(problem.getProblemList, toProblemListRequest(query)),
    queryFn: () => api.call(problem.getProblemList, toProblemListRequest(query)),
    placeholderData: keepPreviousData,
  });
  const records = list.data?.records ?? [];
  const pids = records.map((r) => r.pid);

  const myStatus = useQuery({
    queryKey: queryKey(problem.getUserProblemStatus, pids),
    queryFn: () => api.call(problem.getUserProblemStatus, { pidList: pids, isContestProblemList: false }),
    enabled: isAuthenticated && pids.length > 0,
  });

  const tagGroups = useQuery({
    queryKey: queryKey(problem.getProblemTagsAndClassification, query.oj),
    queryFn: () => api.call(problem.getProblemTagsAndClassification, { oj: query.oj === 'All' ? undefined : query.oj }),
  });
  const allTags = (tagGroups.data ?? []).flatMap((g) => g.tagList);

  const pickOne = async () => {
    const picked = await api.call(problem.getRandomProblem, {});
    toast.success(t('Good_luck_to_you'));
    navigate(`/problem/${encodeURIComponent(picked.problemId)}`);
  };

  const toggleTag = (id: number) =>
    update({ tagId: query.tagId.includes(id) ? query.tagId.filter((x) => x !== id) : [...query.tagId, id] });

  // Whether solved, the title, the level and the AC rate on a phone; the rest in each row's details.
  const layout = useResponsiveColumns<ProblemListItem>([
    {
      key: 'mine',
      width: 40,
      render: (_, r) => <MyStatusIcon status={myStatus.data?.[String(r.pid)]?.status} />,
    },
    { title: '#', dataIndex: 'pid', key: 'pid', from: 'laptop', width: 70 },
    { title: t('Problem_ID'), dataIndex: 'problemId', key: 'problemId', from: 'tablet', width: 120 },
    {
      title: t('Title'),
      dataIndex: 'title',
      key: 'title',
      render: (title: string, r) => (
        <Link to={`/problem/${encodeURIComponent(r.problemId)}`} className="oj-table-title">
          {title}
        </Link>
      ),
    },
    {
      title: t('Level'),
      dataIndex: 'difficulty',
      key: 'difficulty',
      width: 90,
      render: (d: number) => <DifficultyTag difficulty={d} />,
    },
    { title: t('Total'), dataIndex: 'total', key: 'total', from: 'laptop', width: 90 },
    { title: t('AC_Rate'), key: 'rate', width: 100, render: (_, r) => formatRate(r.ac, r.total) },
    {
      title: t('Tags'),
      key: 'tags',
      from: 'laptop',
      render: (_, r) => (
        <Space size={[0, 4]} wrap>
          {r.tags.map((tag) => (
            <Tag key={tag.id} color={tag.color ?? undefined}>
              {tag.name}
            </Tag>
          ))}
        </Space>
      ),
    },
  ]);

  const rowsById = new Map(records.map((r) => [String(r.pid), r]));

  return (
    <Row gutter={[16, 16]}>
      <Col xs={24} xl={tagPanelOpen ? 18 : 24}>
        <Panel
          title={t('Problem_List')}
          extra={
            <Space wrap>
              <Select
                aria-label={t('Problem_Bank')}
                value={query.oj}
                style={{ width: 110 }}
                onChange={(oj) => update({ oj, tagId: [] })}
                options={BANKS.map((b) => ({ value: b, label: b === 'All' ? t('All') : b === 'Mine' ? t('Mine') : b }))}
              />
              <Select
                aria-label={t('Level')}
                value={query.difficulty ?? 'all'}
                style={{ width: 100 }}
                onChange={(v) => update({ difficulty: v === 'all' ? null : Number(v) })}
                options={[
                  { value: 'all', label: t('All') },
                  { value: 0, label: t('Easy') },
                  { value: 1, label: t('Mid') },
                  { value: 2, label: t('Hard') },
                ]}
              />
              <Input.Search
                aria-label={t('Search_Keyword')}
                placeholder={t('Search_Keyword')}
                value={keyword}
                allowClear
                style={{ width: 200 }}
                onChange={(e) => setKeyword(e.target.value)}
                onSearch={(value) => update({ keyword: value })}
              />
              <Button onClick={() => setTagPanelOpen((o) => !o)}>{t('Show_Tags')}</Button>
              <Button icon={<ThunderboltOutlined />} onClick={pickOne}>
                {t('Pick_One')}
              </Button>
              <Button icon={<ReloadOutlined />} onClick={() => setParams(new URLSearchParams())}>
                {t('Reset')}
              </Button>
            </Space>
          }
        >
          {query.tagId.length > 0 && (
            <Space wrap style={{ marginBottom: 12 }} aria-label={t('Selected_Tags')}>
              {query.tagId.map((id) => {
                const tag = allTags.find((x) => x.id === id);
                return (
                  <Tag key={id} closable color={tag?.color ?? undefined} onClose={() => toggleTag(id)}>
                    {tag?.name ?? id}
                  </Tag>
                );
              })}
            </Space>
          )}
          <RowsContext.Provider value={rowsById}>
            <Table<ProblemListItem>
              rowKey="pid"
              size="middle"
              loading={list.isFetching}
              dataSource={records}
              components={{ body: { row: BreakdownRow } }}
              pagination={{
                current: query.currentPage,
                pageSize: query.limit,
                total: list.data?.total ?? 0,
                pageSizeOptions: PROBLEM_PAGE_SIZES,
                showSizeChanger: true,
                // The pager shows 5 page buttons.
                showLessItems: true,
                onChange: (currentPage, limit) =>
                  update(limit !== query.limit ? { limit, currentPage: 1 } : { currentPage }),
              }}
              {...layout}
            />
          </RowsContext.Provider>
        </Panel>
      </Col>
      {tagPanelOpen && (
        <Col xs={24} xl={6}>
          <Panel title={t('Tags')}>
            <Collapse
              aria-label={t('Tag_Classification')}
              // Re-mounted when the groups arrive, so every classification starts open.
              key={tagGroups.data ? 'loaded' : 'loading'}
              size="small"
              defaultActiveKey={(tagGroups.data ?? []).map((g) => String(g.classification?.id ?? 0))}
              items={(tagGroups.data ?? []).map((g) => ({
                key: String(g.classification?.id ?? 0),
                label: g.classification?.name ?? t('Unclassified'),
                children: (
                  <Space size={[4, 8]} wrap>
                    {g.tagList.map((tag) => (
                      <Tag.CheckableTag
                        key={tag.id}
                        {...checkboxProps(query.tagId.includes(tag.id), () => toggleTag(tag.id))}
                        checked={query.tagId.includes(tag.id)}
                        onChange={() => toggleTag(tag.id)}
                      >
                        {tag.name}
                      </Tag.CheckableTag>
                    ))}
                  </Space>
                ),
              }))}
            />
          </Panel>
        </Col>
      )}
    </Row>
  );
};

export default ProblemListPage;
