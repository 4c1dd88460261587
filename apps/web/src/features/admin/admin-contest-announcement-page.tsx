import { type ContestAnnouncement, adminContest as contract, groupContest } from '@oj/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Form, Grid, Input, Modal, Space, Table } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { Panel } from '../../components/panel';
import { api } from '../../lib/api';
import { formatTime } from '../../lib/format-time';
import { toast } from '../../lib/notify';
import { registerContestTexts } from '../contest/contest-texts';
import { registerAdminTexts } from './admin-texts';
import { EditDeleteActions } from './edit-delete-actions';

const PAGE_SIZE = 10;

/** /admin/contest/:id/announcement: the contest's announcements (spec 3 §2.3). With `group`,
 * GroupContestAnnouncementList (spec 3 §2.8): the same through the group's calls. */
const AdminContestAnnouncementPage = ({ group }: { group?: { gid: number } }) => {
  registerAdminTexts();
  registerContestTexts();
  const { t } = useTranslation();
  const cid = Number(useParams().contestId);
  const queryClient = useQueryClient();
  const [currentPage, setPage] = useState(1);
  const [editing, setEditing] = useState<Partial<ContestAnnouncement> | null>(null);
  const gid = group?.gid;
  const listKey =
    gid === undefined
      ? ['admin', 'contest-announcements', cid]
      : [groupContest.getGroupContestAnnouncementList.path, cid];
  const list = useQuery({
    queryKey: [...listKey, currentPage],
    queryFn: () =>
      api.call(
        gid === undefined ? contract.getAdminContestAnnouncements : groupContest.getGroupContestAnnouncementList,
        {
          cid,
          currentPage,
          limit: PAGE_SIZE,
        },
      ),
  });
  const refresh = () => queryClient.invalidateQueries({ queryKey: listKey });
  const remove = useMutation({
    mutationFn: (aid: number) =>
      gid === undefined
        ? api.call(contract.deleteContestAnnouncement, { aid })
        : api.call(groupContest.deleteGroupContestAnnouncement, { aid, cid }),
    onSuccess: () => {
      toast.success(t('Delete_successfully'));
      void refresh();
    },
  });
  const narrow = Grid.useBreakpoint().md === false;
  const save = async (v: { title: string; content: string }) => {
    const body = { cid, announcement: { id: editing?.id ?? null, ...v } };
    const endpoint =
      gid === undefined
        ? editing?.id
          ? contract.updateContestAnnouncement
          : contract.createContestAnnouncement
        : editing?.id
          ? groupContest.updateGroupContestAnnouncement
          : groupContest.createGroupContestAnnouncement;
    await api.call(endpoint, body);
    toast.success(t('Saved'));
    setEditing(null);
    void refresh();
  };

  const tools =
    gid === undefined ? (
      <Button type="primary" onClick={() => setEditing({})}>
        {t('Create_Announcement')}
      </Button>
    ) : (
      <Space wrap style={narrow ? { marginBottom: 12 } : { justifyContent: 'flex-end' }}>
        <Button type="primary" onClick={() => setEditing({})}>
          {t('Create_Announcement')}
        </Button>
        <Link to={`/group/${gid}/contest/${cid}/problems`}>{t('Problem_Admin')}</Link>
        <Link to={`/group/${gid}/contest?mode=admin`}>{t('Group_Contest_Back')}</Link>
      </Space>
    );

  return (
    // On a phone the group's tools go under the title: beside it they squeeze it onto several lines.
    <Panel title={`${t('Announcement_Admin')} · #${cid}`} extra={narrow && gid !== undefined ? undefined : tools}>
      {narrow && gid !== undefined && tools}
      <Table<ContestAnnouncement>
        rowKey="id"
        loading={list.isFetching}
        dataSource={list.data?.records ?? []}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: t('Contest_Announcement_Empty') }}
        pagination={{ current: currentPage, pageSize: PAGE_SIZE, total: list.data?.total ?? 0, onChange: setPage }}
        columns={[
          { title: t('Title'), dataIndex: 'title' },
          {
            // When it was posted, not when the contest starts.
            title: t('Announcement_Posted_At'),
            dataIndex: 'gmtCreate',
            render: (v: string) => formatTime(v),
          },
          {
            title: t('Option'),
            key: 'option',
            render: (_, a) => <EditDeleteActions onEdit={() => setEditing(a)} onDelete={() => remove.mutate(a.id)} />,
          },
        ]}
      />
      <Modal
        open={!!editing}
        title={t(editing?.id ? 'Edit_Announcement' : 'Create_Announcement')}
        footer={null}
        onCancel={() => setEditing(null)}
        destroyOnHidden
      >
        <Form layout="vertical" initialValues={editing ?? {}} onFinish={save}>
          <Form.Item name="title" label={t('Title')} rules={[{ required: true, whitespace: true, max: 255 }]}>
            <Input />
          </Form.Item>
          <Form.Item name="content" label={t('Content')} rules={[{ required: true, whitespace: true }]}>
            <Input.TextArea rows={6} />
          </Form.Item>
          <Button type="primary" htmlType="submit">
            {t('Save')}
          </Button>
        </Form>
      </Modal>
    </Panel>
  );
};

export default AdminContestAnnouncementPage;
