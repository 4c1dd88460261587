import { review as contract, group as groupContract, type ReviewedSubmission } from '@oj/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Alert, Badge, Table, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { serverPaging } from '../../components/paging';
import { type ResponsiveColumn, useResponsiveColumns } from '../../components/responsive-table';
import { api } from '../../lib/api';
import { formatTime } from '../../lib/format-time';
import { queryKey } from '../../lib/query-keys';
import { useGroupContext } from '../group/group-context';
import { StatusTag } from '../submission/status-tag';
import { reviewedSubmissionPath } from './review-model';

const { REVIEWED_PAGE } = contract;

/** /group/:groupID/reviewed-submissions (GroupReviewedSubmissions, decision 0053): the group's admins' list of the
 * submissions they reviewed, the newest activity first, with what the students answered and nobody has since. */
const ReviewedSubmissionsPage = () => {
  const { t } = useTranslation(['review', 'submission']);
  const { gid, role } = useGroupContext();
  const admin = groupContract.isGroupAdmin(role);
  const [currentPage, setPage] = useState(1);
  const list = useQuery({
    queryKey: queryKey(contract.getReviewedSubmissions, gid, currentPage),
    queryFn: () => api.call(contract.getReviewedSubmissions, { gid, currentPage, limit: REVIEWED_PAGE }),
    enabled: admin,
    placeholderData: keepPreviousData,
  });

  const layout = useResponsiveColumns<ReviewedSubmission>([
    {
      title: t('Reviewed_Submission'),
      dataIndex: 'submitId',
      key: 'submitId',
      render: (id: number) => <Link to={reviewedSubmissionPath(gid, id)}>#{id}</Link>,
    },
    {
      title: t('Reviewed_Student'),
      dataIndex: 'username',
      key: 'username',
      render: (name: string) => <span style={{ wordBreak: 'break-all' }}>{name}</span>,
    },
    {
      title: t('Reviewed_Unanswered'),
      dataIndex: 'unansweredCount',
      key: 'unansweredCount',
      render: (n: number) =>
        n > 0 ? <Badge count={n} color="#fa541c" /> : <Typography.Text type="secondary">0</Typography.Text>,
    },
    {
      title: t('Reviewed_Problem'),
      key: 'problem',
      from: 'tablet',
      render: (_: unknown, r: ReviewedSubmission) => (
        <Link to={`/group/${gid}/problem/${encodeURIComponent(r.displayPid)}`} style={{ overflowWrap: 'anywhere' }}>
          {r.displayPid} {r.title}
        </Link>
      ),
    },
    {
      title: t('Reviewed_Status'),
      dataIndex: 'status',
      key: 'status',
      from: 'tablet',
      render: (s: number) => <StatusTag status={s} />,
    },
    { title: t('Reviewed_Reviews'), dataIndex: 'reviewCount', key: 'reviewCount', from: 'tablet' },
    {
      title: t('Reviewed_Last_Activity'),
      dataIndex: 'lastActivity',
      key: 'lastActivity',
      from: 'tablet',
      render: (v: string) => formatTime(v),
    },
    {
      title: t('Reviewed_Submit_Time'),
      dataIndex: 'submitTime',
      key: 'submitTime',
      from: 'laptop',
      render: (v: string) => formatTime(v),
    },
  ] satisfies ResponsiveColumn<ReviewedSubmission>[]);

  if (!admin) return <Alert type="warning" showIcon title={t('Reviewed_Admin_Only')} />;
  if (list.error) return <Alert type="error" showIcon title={list.error.message} />;

  return (
    <section aria-labelledby="oj-reviewed-title">
      <Typography.Title level={4} id="oj-reviewed-title" style={{ marginTop: 0 }}>
        {t('Reviewed_Title')}
      </Typography.Title>
      <Typography.Paragraph type="secondary">{t('Reviewed_Intro')}</Typography.Paragraph>
      <Table<ReviewedSubmission>
        rowKey="submitId"
        size="small"
        aria-label={t('Reviewed_Title')}
        loading={list.isLoading}
        dataSource={list.data?.records ?? []}
        locale={{ emptyText: t('Reviewed_Empty') }}
        pagination={serverPaging(currentPage, REVIEWED_PAGE, list.data?.total, setPage, { hideOnSinglePage: true })}
        {...layout}
      />
    </section>
  );
};

export default ReviewedSubmissionsPage;
