import type { Training } from '@oj/shared';
import { groupTraining as contract, group as groupContract } from '@oj/shared';
import { useQuery } from '@tanstack/react-query';
import { Space, Switch, Table } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { serverPaging } from '../../components/paging';
import { useResponsiveColumns } from '../../components/responsive-table';
import { api } from '../../lib/api';
import { MOBILE_MAX_WIDTH } from '../../lib/notify';
import { queryKey } from '../../lib/query-keys';
import { useMaxWidth } from '../../lib/use-media-query';
import { useNow } from '../../lib/use-now';
import AdminTrainingListPage from '../admin/training/admin-training-list-page';
import { homeworkStateAt } from '../training/homework';
import { HomeworkCell, HomeworkStateTag } from '../training/homework-info';
import { TrainingAuthTag, TrainingCategoryTag, TrainingProgress } from '../training/training-list-page';
import { useGroupContext } from './group-context';
import { trainingBasePath } from './group-training-model';

const { isGroupAdmin } = groupContract;

/** Group lists show 10 a page. */
export const GROUP_TRAINING_PAGE_SIZE = 10;

/** The trainings a member may open: number, title, auth, category, the own progress, problem count,
 * author and recent update, 10 a page; a row opens the training inside the group. */
const MemberTrainingList = ({ gid }: { gid: number }) => {
  const { t } = useTranslation(['group', 'training']);
  const navigate = useNavigate();
  const mobile = useMaxWidth(MOBILE_MAX_WIDTH);
  const [currentPage, setPage] = useState(1);
  const list = useQuery({
    queryKey: queryKey(contract.getGroupTrainingList, gid, currentPage),
    queryFn: () => api.call(contract.getGroupTrainingList, { gid, currentPage, limit: GROUP_TRAINING_PAGE_SIZE }),
  });
  const records = list.data?.records ?? [];
  const homework = records.some((tr) => tr.dueTime);
  const nowMs = useNow(homework);
  // The title and the own progress on a phone (as the site's training list), the access from a tablet; the number,
  // category, problem count, author and update time from a laptop; the rest in each row's details.
  const layout = useResponsiveColumns<Training>([
    { title: t('Training_Number'), dataIndex: 'id', key: 'id', from: 'laptop', width: 70 },
    {
      title: t('Training_Title'),
      dataIndex: 'title',
      key: 'title',
      render: (title: string, tr) => {
        const state = mobile ? homeworkStateAt(tr, nowMs) : null;
        return (
          <>
            <Link
              to={trainingBasePath(tr.id, gid)}
              onClick={(e) => e.stopPropagation()}
              style={{ display: 'inline-block', maxWidth: mobile ? 160 : 320, overflowWrap: 'anywhere' }}
            >
              {title}
            </Link>
            {/* A phone keeps the homework's state beside the title; its times are in the row's details. */}
            {state && (
              <div>
                <HomeworkStateTag state={state} />
              </div>
            )}
          </>
        );
      },
    },
    ...(homework
      ? [
          {
            title: t('Homework'),
            key: 'homework',
            from: 'tablet' as const,
            width: 230,
            render: (_: unknown, tr: Training) => <HomeworkCell h={tr} nowMs={nowMs} />,
          },
        ]
      : []),
    {
      title: t('Training_Auth'),
      dataIndex: 'auth',
      key: 'auth',
      from: 'tablet',
      width: 90,
      render: (auth: Training['auth']) => <TrainingAuthTag auth={auth} />,
    },
    {
      title: t('Training_Category'),
      key: 'category',
      from: 'laptop',
      width: 120,
      render: (_: unknown, tr: Training) => <TrainingCategoryTag tr={tr} />,
    },
    {
      title: t('Training_Progress'),
      key: 'progress',
      width: 150,
      render: (_, tr) => <TrainingProgress tr={tr} />,
    },
    { title: t('Training_Problem_Count'), dataIndex: 'problemCount', key: 'problemCount', from: 'laptop', width: 90 },
    // With a homework column the author and the update time wait for a wide screen: the row still fits at 1366 px.
    { title: t('Training_Author'), dataIndex: 'author', key: 'author', from: homework ? 'wide' : 'laptop', width: 110 },
    {
      title: t('Training_Updated'),
      dataIndex: 'gmtModified',
      key: 'gmtModified',
      from: homework ? 'wide' : 'laptop',
      width: 150,
      render: (v: string) => dayjs(v).format('YYYY-MM-DD HH:mm'),
    },
  ]);
  return (
    <Table<Training>
      rowKey="id"
      size="middle"
      loading={list.isLoading}
      dataSource={records}
      locale={{ emptyText: t('Group_Training_Empty') }}
      onRow={(tr) => ({
        onClick: () => navigate(trainingBasePath(tr.id, gid)),
        style: { cursor: 'pointer' },
      })}
      pagination={serverPaging(currentPage, GROUP_TRAINING_PAGE_SIZE, list.data?.total, setPage, {
        hideOnSinglePage: true,
      })}
      {...layout}
    />
  );
};

/** /group/:groupID/training (GroupTrainingList): the members' list, and for group admins an admin mode,
 * the training admin's table with the group's calls. */
const GroupTrainingPage = () => {
  const { t } = useTranslation(['group', 'training']);
  const { gid, role } = useGroupContext();
  const [params, setParams] = useSearchParams();
  const admin = isGroupAdmin(role) && params.get('mode') === 'admin';
  return (
    <div className="oj-group-trainings">
      {isGroupAdmin(role) && (
        <Space style={{ marginBottom: 12 }}>
          <span id="group-training-admin">{t('Group_Training_Admin_Mode')}</span>
          <Switch
            aria-labelledby="group-training-admin"
            checked={admin}
            onChange={(on) => setParams(on ? { mode: 'admin' } : {}, { replace: true })}
          />
        </Space>
      )}
      {admin ? <AdminTrainingListPage group={{ gid, role }} /> : <MemberTrainingList gid={gid} />}
    </div>
  );
};

export default GroupTrainingPage;
