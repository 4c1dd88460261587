import { discussion as contract, type Discussion, type DiscussionReport } from '@oj/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Input, Space, Switch, Table, Tabs, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { serverPaging } from '../../../components/paging';
import { Panel } from '../../../components/panel';
import { useResponsiveColumns } from '../../../components/responsive-table';
import { api } from '../../../lib/api';
import { formatTime } from '../../../lib/format-time';
import { toast } from '../../../lib/notify';
import { queryKey } from '../../../lib/query-keys';
import { useApiMutation } from '../../../lib/use-api-mutation';
import { ConfirmSelectedButton } from '../confirm-selected-button';

const PAGE_SIZE = contract.DISCUSSION_PAGE;
const time = (v: string) => <span style={{ whiteSpace: 'nowrap' }}>{formatTime(v)}</span>;
const LIST_KEY = queryKey(contract.getDiscussionList, 'admin');
const REPORT_KEY = queryKey(contract.getDiscussionReports);

/** The site page of a discussion, opened beside the admin area. */
const OpenLink = ({ did }: { did: number }) => {
  const { t } = useTranslation('admin');
  return (
    <a href={`/discussion-detail/${did}`} target="_blank" rel="noopener noreferrer">
      {t('Admin_Discussion_Open')}
    </a>
  );
};

/** Tab 1: every discussion (disabled ones too), pin, disable, delete selected. */
const DiscussionTable = () => {
  const { t } = useTranslation('admin');
  const [keyword, setKeyword] = useState('');
  const [currentPage, setPage] = useState(1);
  const [selected, setSelected] = useState<number[]>([]);
  const input = { currentPage, limit: PAGE_SIZE, keyword: keyword || undefined, admin: 'true' as const };
  const list = useQuery({
    queryKey: [...LIST_KEY, input],
    queryFn: () => api.call(contract.getDiscussionList, input),
    placeholderData: keepPreviousData,
  });
  // The list is read again after a refusal too: the switches follow the server.
  const update = useApiMutation({
    mutationFn: (v: { id: number; topPriority?: boolean; status?: number }) =>
      api.call(contract.adminUpdateDiscussion, v),
    invalidates: [LIST_KEY],
    invalidateOnError: true,
    onSuccess: () => toast.success(t('Admin_Discussion_Updated')),
  });
  const change = (id: number, patch: { topPriority?: boolean; status?: number }) => update.mutate({ id, ...patch });
  const removal = useApiMutation({
    mutationFn: (dids: number[]) => api.call(contract.adminDeleteDiscussion, dids),
    invalidates: [LIST_KEY],
    invalidateOnError: true,
    onSuccess: () => {
      toast.success(t('Admin_Discussion_Deleted'));
      setSelected([]);
    },
  });
  const removeSelected = () => removal.settle(selected);
  // A phone shows the title and the author; pin, disable and open in each row's details.
  const layout = useResponsiveColumns<Discussion>([
    { title: 'ID', dataIndex: 'id', key: 'id', from: 'laptop', width: 60 },
    {
      title: t('Admin_Discussion_Column_Title'),
      dataIndex: 'title',
      key: 'title',
      render: (v: string) => <div style={{ maxWidth: 260, wordBreak: 'break-word' }}>{v}</div>,
    },
    { title: t('Admin_Discussion_Author'), dataIndex: 'author', key: 'author', width: 100 },
    {
      title: t('Admin_Discussion_Category'),
      dataIndex: 'categoryName',
      key: 'category',
      from: 'tablet',
      width: 90,
      render: (v: string | null) => (v ? <Tag color="blue">{v}</Tag> : null),
    },
    { title: t('Admin_Discussion_Problem'), dataIndex: 'pid', key: 'pid', from: 'laptop', width: 80 },
    {
      title: t('Admin_Discussion_Top'),
      dataIndex: 'topPriority',
      key: 'top',
      from: 'tablet',
      width: 80,
      render: (v: boolean, d) => (
        <Switch
          aria-label={`${t('Admin_Discussion_Top')} ${d.title}`}
          checked={v}
          onChange={(next) => change(d.id, { topPriority: next })}
        />
      ),
    },
    {
      title: t('Admin_Discussion_Disabled'),
      dataIndex: 'status',
      key: 'status',
      from: 'tablet',
      width: 80,
      render: (v: number, d) => (
        <Switch
          aria-label={`${t('Admin_Discussion_Disabled')} ${d.title}`}
          checked={v === 1}
          onChange={(next) => change(d.id, { status: next ? 1 : 0 })}
        />
      ),
    },
    {
      title: t('Admin_Discussion_Created'),
      dataIndex: 'gmtCreate',
      key: 'created',
      from: 'wide',
      width: 150,
      render: time,
    },
    {
      title: t('Admin_Discussion_Option'),
      key: 'option',
      from: 'tablet',
      width: 80,
      render: (_, d) => <OpenLink did={d.id} />,
    },
  ]);

  return (
    <>
      <Space wrap style={{ marginBottom: 12 }}>
        <Input.Search
          aria-label={t('Admin_Discussion_Search')}
          placeholder={t('Admin_Discussion_Search')}
          allowClear
          style={{ width: 240, maxWidth: '100%' }}
          onSearch={(v) => {
            setKeyword(v.trim());
            setPage(1);
          }}
        />
        <ConfirmSelectedButton
          label={t('Admin_Discussion_Delete_Selected')}
          confirm={t('Admin_Discussion_Delete_Confirm', { count: selected.length })}
          okText={t('Admin_Discussion_Confirm')}
          cancelText={t('Admin_Discussion_Cancel')}
          count={selected.length}
          onConfirm={removeSelected}
        />
      </Space>
      <Table<Discussion>
        rowKey="id"
        loading={list.isFetching}
        dataSource={list.data?.records ?? []}
        rowSelection={{ selectedRowKeys: selected, onChange: (keys) => setSelected(keys.map(Number)) }}
        pagination={serverPaging(currentPage, PAGE_SIZE, list.data?.total, setPage)}
        {...layout}
      />
    </>
  );
};

/** Tab 2: reports, newest first as the server sends them; "handled" is a switch. */
const ReportTable = () => {
  const { t } = useTranslation('admin');
  const [currentPage, setPage] = useState(1);
  const input = { currentPage, limit: PAGE_SIZE };
  const list = useQuery({
    queryKey: [...REPORT_KEY, input],
    queryFn: () => api.call(contract.getDiscussionReports, input),
    placeholderData: keepPreviousData,
  });
  const handling = useApiMutation({
    mutationFn: (v: { id: number; status: boolean }) => api.call(contract.updateDiscussionReport, v),
    invalidates: [REPORT_KEY],
    invalidateOnError: true,
    onSuccess: () => toast.success(t('Admin_Discussion_Updated')),
  });
  const handle = (id: number, status: boolean) => handling.mutate({ id, status });
  // A phone shows the discussion, what the report says and whether it is handled; the rest in each row's details.
  const layout = useResponsiveColumns<DiscussionReport>([
    { title: 'ID', dataIndex: 'id', key: 'id', from: 'laptop', width: 60 },
    {
      title: t('Admin_Discussion_Column_Title'),
      dataIndex: 'discussionTitle',
      key: 'title',
      render: (v: string) => <div style={{ maxWidth: 220, wordBreak: 'break-word' }}>{v}</div>,
    },
    {
      title: t('Admin_Discussion_Author'),
      dataIndex: 'discussionAuthor',
      key: 'author',
      from: 'wide',
      width: 100,
    },
    { title: t('Admin_Discussion_Reporter'), dataIndex: 'reporter', key: 'reporter', from: 'laptop', width: 100 },
    {
      title: t('Admin_Discussion_Report_Content'),
      dataIndex: 'content',
      key: 'content',
      render: (v: string) => (
        <Typography.Paragraph style={{ maxWidth: 220, margin: 0, wordBreak: 'break-word' }}>{v}</Typography.Paragraph>
      ),
    },
    {
      title: t('Admin_Discussion_Report_Time'),
      dataIndex: 'gmtCreate',
      key: 'time',
      from: 'wide',
      width: 150,
      render: time,
    },
    {
      title: t('Admin_Discussion_Handled'),
      dataIndex: 'status',
      key: 'handled',
      width: 90,
      render: (v: boolean, r) => (
        <Switch
          aria-label={`${t('Admin_Discussion_Handled')} ${r.id}`}
          checked={v}
          onChange={(next) => handle(r.id, next)}
        />
      ),
    },
    {
      title: t('Admin_Discussion_Option'),
      key: 'option',
      from: 'tablet',
      width: 80,
      render: (_, r) => <OpenLink did={r.did} />,
    },
  ]);
  return (
    <Table<DiscussionReport>
      rowKey="id"
      loading={list.isFetching}
      dataSource={list.data?.records ?? []}
      pagination={serverPaging(currentPage, PAGE_SIZE, list.data?.total, setPage)}
      {...layout}
    />
  );
};

/** /admin/discussion, "Discussion admin" (as HOJ's AdminDiscussionController). */
const AdminDiscussionPage = () => {
  const { t } = useTranslation('admin');
  return (
    <Panel title={t('Admin_Discussion_Title')}>
      <Tabs
        destroyOnHidden
        items={[
          { key: 'list', label: t('Admin_Discussion_Tab_List'), children: <DiscussionTable /> },
          { key: 'reports', label: t('Admin_Discussion_Tab_Reports'), children: <ReportTable /> },
        ]}
      />
    </Panel>
  );
};

export default AdminDiscussionPage;
