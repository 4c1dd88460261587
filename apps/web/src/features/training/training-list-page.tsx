import { LockOutlined } from '@ant-design/icons';
import type { Training } from '@oj/shared';
import { training as contract } from '@oj/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Button, Empty, Input, List, Pagination, Progress, Select, Space, Spin, Table, Tag, Typography } from 'antd';
import dayjs from 'dayjs';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { serverPaging } from '../../components/paging';
import { Panel } from '../../components/panel';
import { useResponsiveColumns } from '../../components/responsive-table';
import { api } from '../../lib/api';
import { useSession } from '../../lib/auth-store';
import { MOBILE_MAX_WIDTH, toast } from '../../lib/notify';
import { plainExcerpt } from '../../lib/plain-excerpt';
import { queryKey } from '../../lib/query-keys';
import { loginDialog } from '../../lib/ui-store';
import { useMaxWidth } from '../../lib/use-media-query';
import { progressColor, trainingPercent } from './training-progress';

const { TRAINING_AUTH, TRAINING_PAGE } = contract;

const num = (v: string | null) => {
  const n = Number.parseInt(v ?? '', 10);
  return Number.isFinite(n) ? n : undefined;
};

/** Public or Private, the private one with a lock. */
export const TrainingAuthTag = ({ auth }: { auth: Training['auth'] }) => {
  const { t } = useTranslation(['training', 'submission']);
  return auth === TRAINING_AUTH.PRIVATE ? (
    <Tag color="red" icon={<LockOutlined />}>
      {t('Training_Private')}
    </Tag>
  ) : (
    <Tag color="green">{t('Training_Public')}</Tag>
  );
};

export const TrainingCategoryTag = ({ tr }: { tr: Pick<Training, 'categoryName' | 'categoryColor'> }) =>
  tr.categoryName ? <Tag color={tr.categoryColor ?? undefined}>{tr.categoryName}</Tag> : null;

/** The caller's solved / all problems as a bar coloured by the 20/40/60/80/100 % thresholds; `label` names the bar
 * where no column header does. */
export const TrainingProgress = ({ tr, label }: { tr: Pick<Training, 'acCount' | 'problemCount'>; label?: string }) => {
  const { t } = useTranslation(['training', 'submission']);
  const percent = trainingPercent(tr.acCount, tr.problemCount);
  return (
    <Progress
      aria-label={label ?? t('Training_Progress')}
      percent={percent}
      strokeColor={progressColor(percent)}
      // A finished training keeps its count as text rather than the check icon.
      status="normal"
      size="small"
      format={() => `${tr.acCount}/${tr.problemCount}`}
      style={{ minWidth: 120, margin: 0 }}
    />
  );
};

/** The training list: filters in the URL, 15 a page; opening one needs a login. */
const TrainingListPage = () => {
  const { t } = useTranslation(['training', 'submission']);
  const navigate = useNavigate();
  const { isAuthenticated } = useSession();
  const mobile = useMaxWidth(MOBILE_MAX_WIDTH);
  const [params, setParams] = useSearchParams();
  const keyword = params.get('keyword') ?? '';
  const categoryId = num(params.get('categoryId'));
  const authParam = params.get('auth');
  const auth = authParam === TRAINING_AUTH.PUBLIC || authParam === TRAINING_AUTH.PRIVATE ? authParam : undefined;
  const currentPage = num(params.get('currentPage')) ?? 1;
  const [search, setSearch] = useState(keyword);
  useEffect(() => setSearch(keyword), [keyword]);

  /** A filter change goes to the URL and back to page 1 (unless the page itself changes). */
  const update = (patch: Record<string, string | number | undefined>) => {
    const next = new URLSearchParams(params);
    for (const [k, v] of Object.entries({ currentPage: undefined, ...patch })) {
      if (v === undefined || v === '' || (k === 'currentPage' && v === 1)) next.delete(k);
      else next.set(k, String(v));
    }
    setParams(next);
  };

  const categories = useQuery({
    queryKey: queryKey(contract.getTrainingCategory),
    queryFn: () => api.call(contract.getTrainingCategory, {}),
    staleTime: 60_000,
  });
  const input = { currentPage, limit: TRAINING_PAGE.list, keyword: keyword || undefined, categoryId, auth };
  const list = useQuery({
    queryKey: queryKey(contract.getTrainingList, input, isAuthenticated),
    queryFn: () => api.call(contract.getTrainingList, input),
    placeholderData: keepPreviousData,
  });
  const records = list.data?.records ?? [];

  const open = (tr: Training) => {
    if (!isAuthenticated) {
      toast.warning(t('Please_login_first'));
      loginDialog.open();
      return;
    }
    navigate(`/training/${tr.id}`);
  };

  const titleButton = (tr: Training) => (
    <Button
      type="link"
      style={{ padding: 0, height: 'auto', whiteSpace: 'normal', textAlign: 'left' }}
      onClick={() => open(tr)}
    >
      {tr.title}
    </Button>
  );
  const description = (tr: Training) =>
    tr.description ? (
      <Typography.Paragraph type="secondary" ellipsis={{ rows: 2 }} style={{ margin: 0 }}>
        {plainExcerpt(tr.description)}
      </Typography.Paragraph>
    ) : null;

  const pagination = serverPaging(currentPage, TRAINING_PAGE.list, list.data?.total, (p) => update({ currentPage: p }));

  const chipsLabel = t('Training_Category');
  const chip = (id: number | undefined, label: string, color: string | null) => {
    const checked = categoryId === id;
    return (
      <Tag.CheckableTag
        key={id ?? 'all'}
        checked={checked}
        onChange={() => update({ categoryId: id })}
        style={checked && color ? { background: color, borderColor: color } : color ? { color } : undefined}
      >
        {label}
      </Tag.CheckableTag>
    );
  };

  const filters = (
    <Space wrap style={mobile ? { width: '100%', marginBottom: 12 } : undefined}>
      <Select
        aria-label={t('Training_Auth')}
        value={auth ?? 'all'}
        style={{ width: 120 }}
        onChange={(v) => update({ auth: v === 'all' ? undefined : v })}
        options={[
          { value: 'all', label: t('Training_All') },
          { value: TRAINING_AUTH.PUBLIC, label: t('Training_Public') },
          { value: TRAINING_AUTH.PRIVATE, label: t('Training_Private') },
        ]}
      />
      <Input.Search
        aria-label={t('Search_Training')}
        placeholder={t('Search_Training')}
        value={search}
        onChange={(e) => setSearch(e.target.value)}
        allowClear
        style={{ width: mobile ? '100%' : 220, maxWidth: 220 }}
        onSearch={(v) => update({ keyword: v.trim() })}
      />
    </Space>
  );

  // A phone lists the trainings as cards (below). A table shows the title and the progress on any width, the access
  // from a tablet, the number, category, problem count, author and update time from a laptop; the rest in each row's
  // details.
  const layout = useResponsiveColumns<Training>([
    { title: t('Training_Number'), dataIndex: 'rank', key: 'rank', from: 'laptop', width: 70 },
    {
      title: t('Training_Title'),
      dataIndex: 'title',
      key: 'title',
      render: (_: string, tr) => (
        <div style={{ maxWidth: 360 }}>
          {titleButton(tr)}
          {description(tr)}
        </div>
      ),
    },
    {
      title: t('Training_Auth'),
      dataIndex: 'auth',
      key: 'auth',
      from: 'tablet',
      width: 100,
      render: (_: string, tr) => <TrainingAuthTag auth={tr.auth} />,
    },
    {
      title: t('Training_Category'),
      key: 'category',
      from: 'laptop',
      width: 120,
      render: (_, tr) => <TrainingCategoryTag tr={tr} />,
    },
    {
      title: t('Training_Progress'),
      key: 'progress',
      width: 180,
      render: (_, tr) => <TrainingProgress tr={tr} />,
    },
    { title: t('Training_Problem_Count'), dataIndex: 'problemCount', key: 'problemCount', from: 'laptop', width: 90 },
    { title: t('Training_Author'), dataIndex: 'author', key: 'author', from: 'laptop', width: 120 },
    {
      title: t('Training_Updated'),
      dataIndex: 'gmtModified',
      key: 'gmtModified',
      from: 'laptop',
      width: 160,
      render: (v: string) => dayjs(v).format('YYYY-MM-DD HH:mm'),
    },
  ]);

  return (
    // On a phone the filters go under the title: beside it they squeeze it into one character a line.
    <Panel title={t('Training_List')} extra={mobile ? undefined : filters}>
      {mobile && filters}
      <Space wrap size={[4, 8]} role="group" aria-label={chipsLabel} style={{ marginBottom: 12 }}>
        <span style={{ marginRight: 4 }}>{chipsLabel}:</span>
        {chip(undefined, t('Training_All'), null)}
        {(categories.data ?? []).map((c) => chip(c.id, c.name, c.color))}
      </Space>
      {mobile ? (
        <Spin spinning={list.isFetching}>
          {records.length ? (
            <List<Training>
              dataSource={records}
              renderItem={(tr) => (
                <List.Item key={tr.id} style={{ display: 'block' }}>
                  <Space orientation="vertical" size={4} style={{ width: '100%' }}>
                    <Space wrap size={[8, 4]}>
                      <Typography.Text type="secondary">#{tr.rank}</Typography.Text>
                      {titleButton(tr)}
                    </Space>
                    <Space wrap size={[4, 4]}>
                      <TrainingAuthTag auth={tr.auth} />
                      <TrainingCategoryTag tr={tr} />
                    </Space>
                    <TrainingProgress tr={tr} />
                    {description(tr)}
                    <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                      {tr.author} · {dayjs(tr.gmtModified).format('YYYY-MM-DD HH:mm')}
                    </Typography.Text>
                  </Space>
                </List.Item>
              )}
            />
          ) : (
            <Empty />
          )}
          <Pagination {...pagination} simple style={{ marginTop: 12, textAlign: 'center' }} />
        </Spin>
      ) : (
        <Table<Training>
          rowKey="id"
          loading={list.isFetching}
          dataSource={records}
          pagination={pagination}
          {...layout}
        />
      )}
    </Panel>
  );
};

export default TrainingListPage;
