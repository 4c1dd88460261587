import type { TrainingProblem } from '@oj/shared';
import { Space, Table, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { useResponsiveColumns } from '../../components/responsive-table';
import { useSession } from '../../lib/auth-store';
import { trainingBasePath } from '../group/group-training-model';
import { DifficultyTag } from '../problem/difficulty-tag';
import { MyStatusIcon } from '../problem/problem-list-page';
import { useTrainingContext } from './training-detail-page';
import { passingRate } from './training-progress';

/** A training problem's page: the site's, or inside the training's group (GroupTrainingProblemDetails). */
export const trainingProblemPath = (tid: number, problemId: string, gid?: number | null) =>
  `${trainingBasePath(tid, gid)}/problem/${encodeURIComponent(problemId)}`;

/** The training's problems in order: pid, id, title, level, tags, AC, total, passing rate and, for a
 * signed-in user, the own status icon. */
const TrainingProblemListPage = () => {
  const { t } = useTranslation(['training', 'submission']);
  const navigate = useNavigate();
  const { isAuthenticated } = useSession();
  const { training, problems, problemsLoading, gid } = useTrainingContext();
  // Whether solved, the title, the level and the passing rate on a phone; the id from a tablet, the tags, AC and
  // total from a laptop, the pid on a wide screen; the rest in each row's details.
  const layout = useResponsiveColumns<TrainingProblem>([
    ...(isAuthenticated
      ? [
          {
            title: t('Training_My_Status'),
            key: 'mine',
            width: 90,
            align: 'center' as const,
            render: (_: unknown, p: TrainingProblem) => <MyStatusIcon status={p.myStatus} />,
          },
        ]
      : []),
    { title: t('Training_Problem_Pid'), dataIndex: 'pid', key: 'pid', from: 'wide', width: 70 },
    { title: t('Training_Problem_ID'), dataIndex: 'problemId', key: 'problemId', from: 'tablet', width: 110 },
    {
      title: t('Training_Problem_Title'),
      dataIndex: 'title',
      key: 'title',
      render: (title: string, p) => (
        <Link
          to={trainingProblemPath(training.id, p.problemId, gid)}
          onClick={(e) => e.stopPropagation()}
          className="oj-table-title"
        >
          {title}
        </Link>
      ),
    },
    {
      title: t('Training_Difficulty'),
      dataIndex: 'difficulty',
      key: 'difficulty',
      width: 90,
      render: (d: number) => <DifficultyTag difficulty={d} />,
    },
    {
      title: t('Training_Tags'),
      key: 'tags',
      from: 'laptop',
      render: (_: unknown, p: TrainingProblem) => (
        <Space size={[0, 4]} wrap style={{ maxWidth: 260 }}>
          {p.tags.map((tag) => (
            <Tag key={tag.id} color={tag.color ?? undefined}>
              {tag.name}
            </Tag>
          ))}
        </Space>
      ),
    },
    { title: t('Training_AC'), dataIndex: 'ac', key: 'ac', from: 'laptop', width: 70 },
    { title: t('Training_Total'), dataIndex: 'total', key: 'total', from: 'laptop', width: 80 },
    {
      title: t('Training_Passing_Rate'),
      key: 'rate',
      width: 110,
      render: (_, p) => passingRate(p.ac, p.total),
    },
  ]);
  return (
    <Table<TrainingProblem>
      rowKey="pid"
      size="middle"
      loading={problemsLoading}
      pagination={false}
      dataSource={problems}
      locale={{ emptyText: t('Training_No_Problems') }}
      onRow={(p) => ({
        onClick: () => navigate(trainingProblemPath(training.id, p.problemId, gid)),
        style: { cursor: 'pointer' },
      })}
      {...layout}
    />
  );
};

export default TrainingProblemListPage;
