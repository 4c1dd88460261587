import {
  DownloadOutlined,
  EyeOutlined,
  FileTextOutlined,
  QuestionCircleOutlined,
  RedoOutlined,
  ReloadOutlined,
} from '@ant-design/icons';
import type { Submission } from '@oj/shared';
import { contest as contestContract, submission as contract } from '@oj/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Button, Input, Select, Space, Switch, Table, Tooltip } from 'antd';
import dayjs from 'dayjs';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams, useSearchParams } from 'react-router';
import { Panel } from '../../components/panel';
import { useResponsiveColumns } from '../../components/responsive-table';
import { api } from '../../lib/api';
import { useSession } from '../../lib/auth-store';
import { saveBlob } from '../../lib/http-client';
import { toast } from '../../lib/notify';
import { queryKey } from '../../lib/query-keys';
import { loginDialog } from '../../lib/ui-store';
import { RESULT_EXPLANATION_PATH } from '../about/result-explanation-path';
import {
  canResubmit,
  FILTER_STATUSES,
  formatLength,
  formatRunMemory,
  formatRunTime,
  oiScoreColor,
  statusKey,
} from './judge-status';
import { ManualJudgeControl } from './manual-judge-control';
import { ResubmitButton } from './resubmit-button';
import { StatusTag } from './status-tag';
import {
  changeSubmissionFilter,
  parseSubmissionListQuery,
  type SubmissionListQuery,
  toSubmissionListRequest,
  toSubmissionListSearch,
} from './submission-list-query';
import { groupSubmissionDetailPath, submissionDetailPath } from './submission-paths';
import { useSubmissionWatch } from './use-submission-watch';
import { WaitingForJudge } from './waiting-for-judge';

export const downloadSubmissionCode = async (submitId: number) => {
  const file = await api.download(contract.downloadBySubmitId, { submitId });
  if (file) saveBlob(file);
};

const SubmissionListPage = () => {
  const { t } = useTranslation(['submission', 'problem']);
  const [params, setParams] = useSearchParams();
  const query = parseSubmissionListQuery(params);
  // Inside a contest (ContestSubmissionList) the same list shows the contest's submissions.
  // Inside a group (GroupSubmissionList) its submissions: a member's own, every one for its admins.
  const { contestID, groupID } = useParams();
  const cid = contestID ? Number(contestID) : null;
  const gid = !cid && groupID ? Number(groupID) : null;
  const problemPath = (row: Submission) =>
    cid
      ? `/contest/${cid}/problem/${encodeURIComponent(row.displayId || row.displayPid)}`
      : gid
        ? `/group/${gid}/problem/${encodeURIComponent(row.displayPid)}`
        : `/problem/${encodeURIComponent(row.displayPid)}`;
  const detailPath = (row: Submission) =>
    cid
      ? submissionDetailPath(row.submitId, { cid, displayId: row.displayId || row.displayPid })
      : gid
        ? groupSubmissionDetailPath(gid, row.submitId)
        : `/submission-detail/${row.submitId}`;
  const { isAuthenticated, isAdmin, isSuperAdmin, user } = useSession();
  const [author, setAuthor] = useState(query.name || query.username);
  const [problemID, setProblemID] = useState(query.problemID);
  useEffect(() => setAuthor(query.name || query.username), [query.name, query.username]);
  useEffect(() => setProblemID(query.problemID), [query.problemID]);

  const update = (patch: Partial<SubmissionListQuery>) =>
    setParams(toSubmissionListSearch(changeSubmissionFilter(query, patch)));

  // Only-mine needs a login; without one the switch is reset and the login dialog opens.
  useEffect(() => {
    if (query.onlyMine && !isAuthenticated) {
      toast.warning(t('Please_login_first'));
      loginDialog.open();
      setParams(toSubmissionListSearch(changeSubmissionFilter(query, { onlyMine: false })), { replace: true });
    }
  }, [query, isAuthenticated, setParams, t]);

  const request = toSubmissionListRequest(query);
  const list = useQuery({
    queryKey: queryKey(contract.getSubmissionList, request, cid, gid),
    queryFn: () =>
      cid
        ? api.call(contestContract.getContestSubmissions, {
            contestID: cid,
            onlyMine: request.onlyMine,
            problemID: request.problemID,
            status: request.status,
            username: request.name ?? request.username,
            currentPage: request.currentPage,
            limit: request.limit,
          })
        : api.call(contract.getSubmissionList, gid ? { ...request, gid } : request),
    placeholderData: keepPreviousData,
  });
  const { rows, track } = useSubmissionWatch(list.data?.records ?? []);

  const rejudge = async (row: Submission) => {
    track(await api.call(contract.rejudge, { submitId: row.submitId }));
    toast.success(t('Rejudge_successfully'));
  };

  const isOwn = (row: Submission) => !!user && row.uid === user.uid;

  // The verdict, the problem and the score on a phone; the run id, author and actions from a tablet, the submit time
  // and run time from a laptop; the rest in each row's details (components/responsive-table).
  const layout = useResponsiveColumns<Submission>([
    {
      title: t('Submit_Time'),
      dataIndex: 'submitTime',
      key: 'submitTime',
      from: 'laptop',
      width: 170,
      render: (v: string) => dayjs(v).format('YYYY-MM-DD HH:mm:ss'),
    },
    { title: t('Run_ID'), dataIndex: 'submitId', key: 'submitId', from: 'tablet', width: 90 },
    {
      title: t('Status'),
      dataIndex: 'status',
      key: 'status',
      width: 190,
      render: (status: number, row) => (
        <Space size={4} wrap>
          <StatusTag status={status} submitId={row.submitId} />
          <WaitingForJudge status={status} since={row.gmtModified} />
          {canResubmit(row, user?.uid) && <ResubmitButton row={row} onResubmitted={track} />}
        </Space>
      ),
    },
    {
      title: t('Problem'),
      key: 'problem',
      width: 240,
      render: (_, row) => (
        <Link to={problemPath(row)} className="oj-table-title">
          {cid ? row.displayId || row.displayPid : row.displayPid} {row.title}
        </Link>
      ),
    },
    {
      title: t('Score'),
      dataIndex: 'score',
      key: 'score',
      width: 70,
      render: (score: number | null) =>
        score === null ? '—' : <span style={{ color: oiScoreColor(score) }}>{score}</span>,
    },
    {
      title: t('Judger'),
      dataIndex: 'judger',
      key: 'judger',
      from: 'wide',
      width: 110,
      render: (v: string | null) => v ?? '—',
    },
    { title: t('Time'), dataIndex: 'time', key: 'time', from: 'laptop', width: 80, render: (_, r) => formatRunTime(r) },
    {
      title: t('Memory'),
      dataIndex: 'memory',
      key: 'memory',
      from: 'wide',
      width: 90,
      render: (_, r) => formatRunMemory(r),
    },
    { title: t('Length'), dataIndex: 'length', key: 'length', from: 'wide', width: 80, render: formatLength },
    {
      title: t('Author'),
      dataIndex: 'username',
      key: 'username',
      from: 'tablet',
      width: 120,
      render: (username: string, row) => (
        <Link to={`/user-home?username=${encodeURIComponent(username)}`}>{row.username}</Link>
      ),
    },
    {
      title: t('Option'),
      key: 'option',
      from: 'tablet',
      fixed: 'right',
      width: isAdmin ? 220 : 130,
      render: (_, row) => (
        <Space size={2}>
          <Tooltip title={t('View_Details')}>
            <Link to={detailPath(row)} aria-label={t('View_Details')} style={{ padding: 4 }}>
              <EyeOutlined />
            </Link>
          </Tooltip>
          <Tooltip title={t('Open_Problem')}>
            <Link to={problemPath(row)} aria-label={t('Open_Problem')} style={{ padding: 4 }}>
              <FileTextOutlined />
            </Link>
          </Tooltip>
          {(isOwn(row) || isAdmin || row.share) && (
            <Tooltip title={t('Download_Code')}>
              <Button
                size="small"
                type="text"
                aria-label={t('Download_Code')}
                icon={<DownloadOutlined />}
                onClick={() => downloadSubmissionCode(row.submitId)}
              />
            </Tooltip>
          )}
          {isSuperAdmin && (
            <Tooltip title={t('Rejudge')}>
              <Button
                size="small"
                type="text"
                aria-label={t('Rejudge')}
                icon={<RedoOutlined />}
                onClick={() => rejudge(row)}
              />
            </Tooltip>
          )}
          {isAdmin && <ManualJudgeControl row={row} isSuperAdmin={isSuperAdmin} onChange={track} />}
        </Space>
      ),
    },
  ]);

  return (
    <Panel
      title={t('Submission_List')}
      extra={
        <Space wrap>
          <Space>
            <span id="only-mine-label">{t('Only_Mine')}</span>
            <Switch
              aria-labelledby="only-mine-label"
              checked={query.onlyMine && isAuthenticated}
              onChange={(onlyMine) => {
                if (onlyMine && !isAuthenticated) {
                  toast.warning(t('Please_login_first'));
                  loginDialog.open();
                  return;
                }
                update({ onlyMine });
              }}
            />
          </Space>
          <Input.Search
            aria-label={t('Enter_Problem_ID')}
            placeholder={t('Enter_Problem_ID')}
            value={problemID}
            allowClear
            style={{ width: 160 }}
            onChange={(e) => setProblemID(e.target.value)}
            onSearch={(value) => update({ problemID: value })}
          />
          <Input.Search
            aria-label={t('Enter_Author')}
            placeholder={t('Enter_Author')}
            value={author}
            allowClear
            style={{ width: 180 }}
            onChange={(e) => setAuthor(e.target.value)}
            // The box searches student name or username; the rank page's link arrives as `username`.
            onSearch={(value) => update({ name: value, username: '' })}
          />
          <Select
            aria-label={t('Status')}
            value={query.status ?? 'all'}
            style={{ width: 170 }}
            onChange={(v) => update({ status: v === 'all' ? null : Number(v) })}
            options={[
              { value: 'all', label: t('All') },
              ...FILTER_STATUSES.map((s) => ({ value: s, label: t(statusKey(s)) })),
            ]}
          />
          <Button icon={<ReloadOutlined />} onClick={() => list.refetch()}>
            {t('Refresh')}
          </Button>
          <Link to={RESULT_EXPLANATION_PATH}>
            <QuestionCircleOutlined /> {t('Result_Explanation')}
          </Link>
        </Space>
      }
    >
      <Table<Submission>
        rowKey="submitId"
        size="middle"
        loading={list.isFetching && !list.data}
        dataSource={rows}
        pagination={{
          current: query.currentPage,
          pageSize: query.limit,
          total: list.data?.total ?? 0,
          showSizeChanger: true,
          pageSizeOptions: [15, 30, 50, 100],
          showLessItems: true,
          onChange: (currentPage, limit) => update(limit !== query.limit ? { limit, currentPage: 1 } : { currentPage }),
        }}
        {...layout}
      />
    </Panel>
  );
};

export default SubmissionListPage;
