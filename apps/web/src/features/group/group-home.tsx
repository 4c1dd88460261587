import { LogoutOutlined, UserAddOutlined } from '@ant-design/icons';
import { group as contract, groupTraining as trainingContract } from '@oj/shared';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Alert,
  Button,
  Collapse,
  Empty,
  Form,
  Input,
  Modal,
  Pagination,
  Popconfirm,
  Space,
  Tag,
  Typography,
} from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { MarkdownView } from '../../components/markdown-view';
import { api } from '../../lib/api';
import { toast } from '../../lib/notify';
import { queryKey } from '../../lib/query-keys';
import { useApiMutation } from '../../lib/use-api-mutation';
import { useNow } from '../../lib/use-now';
import { effectiveTimes, homeworkStateAt } from '../training/homework';
import { HomeworkCell } from '../training/homework-info';
import type { GroupContext } from './group-context';
import { codeOk, reasonOk } from './group-model';
import { errorText, GroupAuthTag, GroupAvatar } from './group-parts';
import { trainingBasePath } from './group-training-model';

const { GROUP_AUTH, GROUP_PAGE, MEMBER_LEVEL, isGroupMember, isGroupRoot } = contract;

/** The application of a protected or private group: the 6-character code, an optional reason of
 * 5-100; a wrong code (400) or too many tries (429) is shown in the dialog. */
export const GroupApplyDialog = ({
  gid,
  onClose,
  onDone,
}: {
  gid: number;
  onClose: () => void;
  onDone: (level: number) => void;
}) => {
  const { t } = useTranslation('group');
  const [form] = Form.useForm<{ code: string; reason?: string }>();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();
  const submit = async (v: { code: string; reason?: string }) => {
    setBusy(true);
    setError(undefined);
    try {
      const reason = v.reason?.trim() || undefined;
      const result = await api.call(contract.applyGroup, { gid, code: v.code.trim(), reason }, { silent: true });
      onDone(result.auth);
    } catch (err) {
      setError(errorText(err));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal
      open
      title={t('Group_Apply_Title')}
      onCancel={onClose}
      mask={{ closable: false }}
      destroyOnHidden
      footer={[
        <Button key="cancel" onClick={onClose}>
          {t('Group_Cancel')}
        </Button>,
        <Button key="ok" type="primary" loading={busy} onClick={() => form.submit()}>
          {t('Group_Submit')}
        </Button>,
      ]}
    >
      <Form form={form} layout="vertical" onFinish={(v) => void submit(v)}>
        <Form.Item
          name="code"
          label={t('Group_Code')}
          required
          rules={[
            {
              validator: (_: unknown, v: string | undefined) =>
                codeOk(GROUP_AUTH.PRIVATE, v) ? Promise.resolve() : Promise.reject(new Error(t('Group_Code_Length'))),
            },
          ]}
        >
          <Input placeholder={t('Group_Code_Placeholder')} autoComplete="off" />
        </Form.Item>
        <Form.Item
          name="reason"
          label={t('Group_Reason')}
          rules={[
            {
              validator: (_: unknown, v: string | undefined) =>
                reasonOk(v) ? Promise.resolve() : Promise.reject(new Error(t('Group_Reason_Length'))),
            },
          ]}
        >
          <Input.TextArea rows={3} placeholder={t('Group_Reason_Placeholder')} />
        </Form.Item>
      </Form>
      {error && <Alert type="error" showIcon title={error} />}
    </Modal>
  );
};

/** The announcement panel of the home (members and the super admin; 5 a page). */
const GroupAnnouncementPanel = ({ gid }: { gid: number }) => {
  const { t } = useTranslation('group');
  const [currentPage, setPage] = useState(1);
  const input = { gid, currentPage, limit: GROUP_PAGE.panel };
  const list = useQuery({
    queryKey: queryKey(contract.getAnnouncementList, input),
    queryFn: () => api.call(contract.getAnnouncementList, input),
    placeholderData: keepPreviousData,
  });
  const records = list.data?.records ?? [];
  return (
    <section className="oj-group-section" aria-label={t('Group_Announcements')}>
      <h4>{t('Group_Announcements')}</h4>
      {records.length ? (
        <Collapse
          size="small"
          items={records.map((a) => ({
            key: a.id,
            label: (
              <span style={{ display: 'flex', flexWrap: 'wrap', gap: '4px 12px', justifyContent: 'space-between' }}>
                <span style={{ fontWeight: 500, overflowWrap: 'anywhere' }}>{a.title}</span>
                <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                  {a.username} · {dayjs(a.gmtModified).format('YYYY-MM-DD HH:mm')}
                </Typography.Text>
              </span>
            ),
            children: <MarkdownView source={a.content} />,
          }))}
        />
      ) : (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('Group_No_Announcement')} />
      )}
      {(list.data?.total ?? 0) > GROUP_PAGE.panel && (
        <Pagination
          size="small"
          simple
          current={currentPage}
          pageSize={GROUP_PAGE.panel}
          total={list.data?.total ?? 0}
          onChange={setPage}
          style={{ marginTop: 8, justifyContent: 'center' }}
        />
      )}
    </section>
  );
};

/** The group's trainings a home looks through for assignments (the list's largest page). */
const HOMEWORK_SCAN = 100;

/** The members' assignments on the home (decision 0052): the group's trainings with a due time that are not closed,
 * soonest due first, each with its state, times, countdown and the viewer's score; nothing when there are none. */
const GroupHomeworkPanel = ({ gid }: { gid: number }) => {
  const { t } = useTranslation(['group', 'training']);
  const input = { gid, currentPage: 1, limit: HOMEWORK_SCAN };
  const list = useQuery({
    queryKey: queryKey(trainingContract.getGroupTrainingList, gid, 'homework'),
    queryFn: () => api.call(trainingContract.getGroupTrainingList, input),
  });
  const assignments = (list.data?.records ?? []).filter((tr) => tr.dueTime && tr.homeworkState);
  const nowMs = useNow(assignments.length > 0);
  const due = (tr: (typeof assignments)[number]) =>
    Date.parse((homeworkStateAt(tr, nowMs) === 'upcoming' ? tr.openTime : effectiveTimes(tr).dueTime) ?? '');
  const current = assignments.filter((tr) => homeworkStateAt(tr, nowMs) !== 'closed').sort((a, b) => due(a) - due(b));
  const closed = assignments.length - current.length;
  if (!assignments.length) return null;
  return (
    <section className="oj-group-section" aria-label={t('Homework_Assignments')}>
      <h4>{t('Homework_Assignments')}</h4>
      <ul className="oj-group-homework">
        {current.map((tr) => (
          <li key={tr.id}>
            <Link to={trainingBasePath(tr.id, gid)} style={{ fontWeight: 500, overflowWrap: 'anywhere' }}>
              {tr.title}
            </Link>
            <HomeworkCell h={tr} nowMs={nowMs} />
          </li>
        ))}
      </ul>
      {closed > 0 && (
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          <Link to={`/group/${gid}/training`}>{t('Homework_Closed_Count', { count: closed })}</Link>
        </Typography.Text>
      )}
    </section>
  );
};

/** The group home: the description, the announcements, and the card with the viewer's actions. */
export const GroupHome = ({ context }: { context: GroupContext }) => {
  const { t } = useTranslation('group');
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { group, gid, role, level, reload } = context;
  const [applying, setApplying] = useState(false);
  const owner = group.uid === context.viewer.uid;

  const joined = (newLevel: number) => {
    toast.success(t(newLevel >= MEMBER_LEVEL.MEMBER ? 'Group_Joined' : 'Group_Applied'));
    setApplying(false);
    void queryClient.invalidateQueries({ queryKey: queryKey(contract.getGroupList) });
    reload();
  };
  const join = useApiMutation({
    mutationFn: () => api.call(contract.applyGroup, { gid }),
    onSuccess: (result) => joined(result.auth),
  });
  const exit = useApiMutation({
    mutationFn: () => api.call(contract.exitGroup, { gid }),
    invalidates: [queryKey(contract.getGroupList)],
    onSuccess: () => {
      toast.success(t('Group_Exited'));
      reload();
    },
  });
  const disband = useApiMutation({
    mutationFn: () => api.call(contract.deleteGroup, { gid }),
    invalidates: [queryKey(contract.getGroupList)],
    onSuccess: () => {
      toast.success(t('Group_Disbanded'));
      navigate('/group');
    },
  });
  const busy = join.isPending || exit.isPending || disband.isPending;

  const levelTag =
    role === 'super' && level < MEMBER_LEVEL.MEMBER ? (
      <Tag color="red">{t('Group_Super_Admin')}</Tag>
    ) : level > 0 ? (
      <Tag
        color={
          level === MEMBER_LEVEL.APPLYING ? 'gold' : level === MEMBER_LEVEL.REFUSED ? 'red' : owner ? 'purple' : 'blue'
        }
      >
        {t(`Group_Level_${level}`)}
      </Tag>
    ) : null;

  const actions = (
    <Space wrap style={{ justifyContent: 'center' }}>
      {level === 0 &&
        !owner &&
        (group.auth === GROUP_AUTH.PUBLIC ? (
          <Button type="primary" icon={<UserAddOutlined />} loading={busy} onClick={() => join.mutate()}>
            {t('Group_Join')}
          </Button>
        ) : (
          <Button type="primary" icon={<UserAddOutlined />} onClick={() => setApplying(true)}>
            {t('Group_Apply')}
          </Button>
        ))}
      {level >= MEMBER_LEVEL.MEMBER && !owner && (
        <Popconfirm
          title={t('Group_Exit_Confirm')}
          okText={t('Group_Confirm')}
          cancelText={t('Group_Cancel')}
          onConfirm={() => exit.mutate()}
        >
          <Button danger icon={<LogoutOutlined />} loading={busy}>
            {t('Group_Exit')}
          </Button>
        </Popconfirm>
      )}
      {isGroupRoot(role) && (
        <Popconfirm
          title={t('Group_Disband_Confirm')}
          okText={t('Group_Confirm')}
          cancelText={t('Group_Cancel')}
          okButtonProps={{ danger: true }}
          onConfirm={() => disband.mutate()}
        >
          <Button danger type="primary" loading={busy}>
            {t('Group_Disband')}
          </Button>
        </Popconfirm>
      )}
    </Space>
  );

  return (
    <div className="oj-group-home">
      <div className="oj-group-home__main">
        {level === MEMBER_LEVEL.APPLYING && (
          <Alert type="info" showIcon title={t('Group_Applying_Tip')} style={{ marginBottom: 16 }} />
        )}
        {level === MEMBER_LEVEL.REFUSED && (
          <Alert type="error" showIcon title={t('Group_Refused_Tip')} style={{ marginBottom: 16 }} />
        )}
        <section className="oj-group-section" aria-label={t('Group_Description')}>
          {group.description ? (
            <MarkdownView source={group.description} />
          ) : (
            <Typography.Text type="secondary">{t('Group_No_Description')}</Typography.Text>
          )}
        </section>
        {isGroupMember(role) && <GroupHomeworkPanel gid={gid} />}
        {isGroupMember(role) && <GroupAnnouncementPanel gid={gid} />}
      </div>
      <aside className="oj-group-side" aria-label={t('Group_Info')}>
        <GroupAvatar group={group} size={96} />
        <Typography.Title level={4} style={{ margin: 0, overflowWrap: 'anywhere' }}>
          {group.name}
        </Typography.Title>
        <Typography.Text type="secondary" style={{ overflowWrap: 'anywhere' }}>
          {group.brief}
        </Typography.Text>
        <dl>
          <dt>{t('Group_Number')}</dt>
          <dd>{group.id}</dd>
          <dt>{t('Group_Owner')}</dt>
          <dd>{group.owner}</dd>
          <dt>{t('Group_Auth')}</dt>
          <dd>
            <GroupAuthTag auth={group.auth} />
          </dd>
          <dt>{t('Group_Member_Count')}</dt>
          <dd>{group.memberCount}</dd>
          <dt>{t('Group_Created_At')}</dt>
          <dd>{dayjs(group.gmtCreate).format('YYYY-MM-DD')}</dd>
          {levelTag && (
            <>
              <dt>{t('Group_My_Role')}</dt>
              <dd>{levelTag}</dd>
            </>
          )}
        </dl>
        {actions}
      </aside>
      {applying && <GroupApplyDialog gid={gid} onClose={() => setApplying(false)} onDone={joined} />}
    </div>
  );
};
