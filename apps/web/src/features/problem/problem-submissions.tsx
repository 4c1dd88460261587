import { DownloadOutlined } from '@ant-design/icons';
import { problem as contract, submission as submissionContract } from '@oj/shared';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Space, Table } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { serverPaging } from '../../components/paging';
import { api } from '../../lib/api';
import { useSession } from '../../lib/auth-store';
import { saveBlob } from '../../lib/http-client';
import { queryKey } from '../../lib/query-keys';
import { formatRunMemory, formatRunTime } from '../submission/judge-status';
import { StatusTag } from '../submission/status-tag';
import type { ProblemPlace } from './problem-place';

// The problem page's tabs shown later than the statement (their own chunk, with antd's Table; problem-side.tsx).

const MY_SUBMISSIONS_PAGE_SIZE = 10;

/** The caller's submissions of the problem, where the problem is (the bank, a contest, a training, a group). */
export const MySubmissions = ({ problemId, place }: { problemId: string; place: ProblemPlace }) => {
  const { t } = useTranslation(['problem', 'submission']);
  const { isAuthenticated } = useSession();
  const [currentPage, setCurrentPage] = useState(1);
  const list = useQuery({
    queryKey: queryKey(submissionContract.getSubmissionList, 'mine', ...place.mineKey, problemId, currentPage),
    queryFn: () => place.loadMine({ problemId, currentPage, limit: MY_SUBMISSIONS_PAGE_SIZE }),
    enabled: isAuthenticated,
  });
  if (!isAuthenticated) return <Alert type="warning" showIcon title={t('Login_To_See_Submissions')} />;
  return (
    <Table
      rowKey="submitId"
      size="small"
      loading={list.isFetching}
      dataSource={list.data?.records ?? []}
      pagination={serverPaging(currentPage, MY_SUBMISSIONS_PAGE_SIZE, list.data?.total, setCurrentPage)}
      columns={[
        {
          title: t('Submit_Time'),
          dataIndex: 'submitTime',
          render: (v: string) => dayjs(v).format('YYYY-MM-DD HH:mm:ss'),
        },
        {
          title: t('Status'),
          dataIndex: 'status',
          render: (s: number, r) => (
            <Link to={place.submissionPath(r.submitId)}>
              <StatusTag status={s} />
            </Link>
          ),
        },
        { title: t('Time'), dataIndex: 'time', render: (_, r) => formatRunTime(r) },
        { title: t('Memory'), dataIndex: 'memory', render: (_, r) => formatRunMemory(r) },
        { title: t('Language'), dataIndex: 'language' },
      ]}
    />
  );
};

/** The problem's annex files, each with its download. */
export const Annex = ({ problemId, names }: { problemId: string; names: string[] }) => {
  const { t } = useTranslation(['problem', 'submission']);
  return (
    <ul style={{ listStyle: 'none', padding: 0 }}>
      {names.map((name) => (
        <li key={name} style={{ padding: '6px 0' }}>
          <Space>
            <span>{name}</span>
            <Button
              size="small"
              icon={<DownloadOutlined />}
              onClick={async () => {
                const file = await api.download(contract.downloadProblemAnnex, { problemId, name });
                if (file) saveBlob(file);
              }}
            >
              {t('Download')}
            </Button>
          </Space>
        </li>
      ))}
    </ul>
  );
};
