import { type AssignmentMatrix, gradebook as contract, type GradebookAssignment } from '@oj/shared';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Drawer, Empty, Form, Modal, Space, Spin, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { DateField } from '../../components/date-field';
import { api } from '../../lib/api';
import { formatTime } from '../../lib/format-time';
import { toast } from '../../lib/notify';
import { queryKey } from '../../lib/query-keys';
import { useApiMutation } from '../../lib/use-api-mutation';
import { StatusTag } from '../submission/status-tag';
import { formatPercent } from '../training/homework';
import { AssignmentDue, AssignmentKindTag, GradebookCellView } from './gradebook-cell';
import { studentLabel, submissionsPath } from './gradebook-model';

type MatrixStudent = AssignmentMatrix['students'][number];

/** The reads an extension changes: the gradebook and every assignment matrix of the group. */
export const gradebookKeys = (gid: number) => [
  queryKey(contract.getGroupGradebook, gid),
  queryKey(contract.getGradebookAssignment, gid),
];

/** A student's own due time for a training column (PUT /api/group/training-extension): set a later one, or remove
 * it. The server checks that it is after the training's; the dialog says so first. */
export const ExtensionDialog = ({
  gid,
  assignment,
  student,
  onClose,
}: {
  gid: number;
  assignment: GradebookAssignment;
  student: MatrixStudent;
  onClose: () => void;
}) => {
  const { t } = useTranslation('gradebook');
  const [form] = Form.useForm<{ dueTime: Dayjs | null }>();
  const save = useApiMutation({
    mutationFn: (dueTime: string | null) =>
      api.call(contract.setTrainingExtension, { tid: assignment.id, uid: student.uid, dueTime }),
    invalidates: gradebookKeys(gid),
    onSuccess: (saved) => {
      toast.success(t(saved.dueTime ? 'Gradebook_Extension_Saved' : 'Gradebook_Extension_Removed'));
      onClose();
    },
  });
  const current = student.cell.extended ? student.cell.dueTime : null;
  return (
    <Modal
      open
      title={t('Gradebook_Extension_Title', { student: studentLabel(student), title: assignment.title })}
      onCancel={onClose}
      destroyOnHidden
      footer={[
        <Button key="cancel" onClick={onClose}>
          {t('Gradebook_Cancel')}
        </Button>,
        ...(current
          ? [
              <Button key="remove" danger loading={save.isPending} onClick={() => save.mutate(null)}>
                {t('Gradebook_Extension_Remove')}
              </Button>,
            ]
          : []),
        <Button key="save" type="primary" loading={save.isPending} onClick={() => form.submit()}>
          {t('Gradebook_Extension_Save')}
        </Button>,
      ]}
    >
      <Form
        form={form}
        layout="vertical"
        initialValues={{ dueTime: current ? dayjs(current) : null }}
        onFinish={(v) => v.dueTime && save.mutate(v.dueTime.toISOString())}
      >
        <Form.Item
          name="dueTime"
          label={t('Gradebook_Extension_Due')}
          extra={t('Gradebook_Extension_Tip', { time: formatTime(assignment.dueTime) })}
          rules={[
            { required: true, message: t('Gradebook_Extension_Required') },
            {
              validator: async (_: unknown, v: Dayjs | null | undefined) => {
                if (v && !v.isAfter(dayjs(assignment.dueTime))) throw new Error(t('Gradebook_Extension_Too_Early'));
              },
            },
          ]}
        >
          <DateField
            showTime={{ format: 'HH:mm' }}
            format="YYYY-MM-DD HH:mm"
            aria-label={t('Gradebook_Extension_Due')}
            style={{ width: '100%', maxWidth: 260 }}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
};

/** One problem of one student: the best try's verdict, the tries and the last one's time, linked to that student's
 * submissions on the problem. */
const ProblemCellView = ({
  gid,
  assignment,
  student,
  problem,
  cell,
}: {
  gid: number;
  assignment: GradebookAssignment;
  student: MatrixStudent;
  problem: AssignmentMatrix['problems'][number];
  cell: AssignmentMatrix['students'][number]['problems'][number];
}) => {
  const { t } = useTranslation('gradebook');
  if (cell.attempts === 0) return <Typography.Text type="secondary">{t('Gradebook_Never_Tried')}</Typography.Text>;
  return (
    <Link
      to={submissionsPath(gid, assignment, student.username, problem)}
      aria-label={t('Gradebook_Submissions_Of', { student: student.username, problem: problem.displayId })}
      className="oj-gradebook-problem"
    >
      <StatusTag status={cell.status} />
      <span>
        {cell.score !== null && assignment.contestType !== 'ACM' && <strong>{formatPercent(cell.score)} </strong>}
        {cell.late && <Typography.Text type="warning">{t('Gradebook_Late')} </Typography.Text>}
        {t('Gradebook_Attempts', { count: cell.attempts })}
      </span>
      {cell.lastSubmitTime && (
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {t('Gradebook_Last_Submit', { time: formatTime(cell.lastSubmitTime) })}
        </Typography.Text>
      )}
    </Link>
  );
};

/** An assignment problem by problem (GET /api/group/gradebook-assignment): a row per student, a column per problem,
 * and for a training the student's extension. On a phone each student is a card with the problems listed. */
export const AssignmentMatrixDrawer = ({
  gid,
  assignment,
  phone,
  onClose,
}: {
  gid: number;
  assignment: GradebookAssignment;
  phone: boolean;
  onClose: () => void;
}) => {
  const { t } = useTranslation('gradebook');
  const input = { gid, kind: assignment.kind, id: assignment.id };
  const matrix = useQuery({
    queryKey: queryKey(contract.getGradebookAssignment, gid, assignment.kind, assignment.id),
    queryFn: () => api.call(contract.getGradebookAssignment, input),
  });
  const [extending, setExtending] = useState<MatrixStudent | null>(null);
  const m = matrix.data;
  const training = assignment.kind === 'training';
  const extension = (s: MatrixStudent) =>
    training && (
      <Space wrap size={[6, 2]}>
        {s.cell.extended && s.cell.dueTime && (
          <Typography.Text type="success" style={{ fontSize: 12 }}>
            {t('Gradebook_Extended_Until', { time: formatTime(s.cell.dueTime) })}
          </Typography.Text>
        )}
        <Button size="small" onClick={() => setExtending(s)}>
          {t('Gradebook_Set_Extension')}
        </Button>
      </Space>
    );
  const name = (s: MatrixStudent) => (
    <>
      <span className="oj-gradebook-name">{s.username}</span>
      {s.realname && (
        <Typography.Text type="secondary" className="oj-gradebook-realname">
          {s.realname}
        </Typography.Text>
      )}
    </>
  );
  return (
    <Drawer
      open
      placement="right"
      size={phone ? '100%' : '85%'}
      title={t('Gradebook_Matrix_Title', { title: assignment.title })}
      onClose={onClose}
      destroyOnHidden
    >
      <Space wrap size={[8, 4]} style={{ marginBottom: 12 }}>
        <AssignmentKindTag a={assignment} />
        <AssignmentDue a={assignment} />
      </Space>
      {matrix.isLoading ? (
        <Spin style={{ display: 'block', padding: 48 }} />
      ) : matrix.error ? (
        <Alert type="error" showIcon title={matrix.error.message} />
      ) : !m || m.students.length === 0 ? (
        <Empty description={t('Gradebook_Empty_Students')} />
      ) : phone ? (
        <ul className="oj-gradebook-cards">
          {m.students.map((s) => (
            <li key={s.uid}>
              <div className="oj-gradebook-card__head">
                <div>{name(s)}</div>
                <GradebookCellView a={assignment} cell={s.cell} />
              </div>
              {extension(s)}
              <dl className="oj-gradebook-card__problems">
                {m.problems.map((p, i) => {
                  const cell = s.problems[i];
                  return (
                    <div key={p.pid}>
                      <dt>
                        {p.displayId} {p.title}
                      </dt>
                      <dd>
                        {cell && (
                          <ProblemCellView gid={gid} assignment={assignment} student={s} problem={p} cell={cell} />
                        )}
                      </dd>
                    </div>
                  );
                })}
              </dl>
            </li>
          ))}
        </ul>
      ) : (
        <div className="oj-gradebook-scroll">
          <table className="oj-gradebook oj-gradebook--matrix" aria-label={assignment.title}>
            <thead>
              <tr>
                <th scope="col" className="oj-gradebook-sticky">
                  {t('Gradebook_Student')}
                </th>
                <th scope="col">{assignment.title}</th>
                {m.problems.map((p) => (
                  <th scope="col" key={p.pid} title={p.title}>
                    <div>{p.displayId}</div>
                    <Typography.Text type="secondary" style={{ fontSize: 12, fontWeight: 'normal' }} ellipsis>
                      {p.title}
                    </Typography.Text>
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {m.students.map((s) => (
                <tr key={s.uid}>
                  <th scope="row" className="oj-gradebook-sticky">
                    {name(s)}
                    {extension(s)}
                  </th>
                  <td>
                    <GradebookCellView a={assignment} cell={s.cell} />
                  </td>
                  {m.problems.map((p, i) => {
                    const cell = s.problems[i];
                    return (
                      <td key={p.pid}>
                        {cell && (
                          <ProblemCellView gid={gid} assignment={assignment} student={s} problem={p} cell={cell} />
                        )}
                      </td>
                    );
                  })}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {extending && (
        <ExtensionDialog gid={gid} assignment={assignment} student={extending} onClose={() => setExtending(null)} />
      )}
    </Drawer>
  );
};
