import { type ContestAnnouncement, adminContest as contract, groupContest } from '@oj/shared';
import { Button, Form, Grid, Input, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { Panel } from '../../../components/panel';
import { api } from '../../../lib/api';
import { formatTime } from '../../../lib/format-time';
import { queryKey } from '../../../lib/query-keys';
import { AdminCrudModal, AdminCrudTable, useAdminCrud } from '../admin-crud';

const PAGE_SIZE = 10;

/** /admin/contest/:id/announcement: the contest's announcements. With `group`,
 * GroupContestAnnouncementList: the same through the group's calls. */
const AdminContestAnnouncementPage = ({ group }: { group?: { gid: number } }) => {
  const { t } = useTranslation(['admin', 'contest', 'group', 'problem', 'submission']);
  const cid = Number(useParams().contestId);
  const gid = group?.gid;
  const narrow = Grid.useBreakpoint().md === false;
  const crud = useAdminCrud<ContestAnnouncement, { title: string; content: string }>({
    listKey: queryKey(
      gid === undefined ? contract.getAdminContestAnnouncements : groupContest.getGroupContestAnnouncementList,
      cid,
    ),
    fetchPage: (currentPage) =>
      api.call(
        gid === undefined ? contract.getAdminContestAnnouncements : groupContest.getGroupContestAnnouncementList,
        { cid, currentPage, limit: PAGE_SIZE },
      ),
    save: (v, editing) => {
      const body = { cid, announcement: { id: editing.id ?? null, ...v } };
      const endpoint =
        gid === undefined
          ? editing.id
            ? contract.updateContestAnnouncement
            : contract.createContestAnnouncement
          : editing.id
            ? groupContest.updateGroupContestAnnouncement
            : groupContest.createGroupContestAnnouncement;
      return api.call(endpoint, body);
    },
    savedText: () => t('Saved'),
    remove: (a) =>
      gid === undefined
        ? api.call(contract.deleteContestAnnouncement, { aid: a.id })
        : api.call(groupContest.deleteGroupContestAnnouncement, { aid: a.id, cid }),
    removedText: t('Delete_successfully'),
  });

  const tools =
    gid === undefined ? (
      <Button type="primary" onClick={() => crud.setEditing({})}>
        {t('Create_Announcement')}
      </Button>
    ) : (
      <Space wrap style={narrow ? { marginBottom: 12 } : { justifyContent: 'flex-end' }}>
        <Button type="primary" onClick={() => crud.setEditing({})}>
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
      <AdminCrudTable
        crud={crud}
        pageSize={PAGE_SIZE}
        loading="fetching"
        emptyText={t('Contest_Announcement_Empty')}
        actions={{ title: t('Option') }}
        // A phone shows the title and when it was posted; edit and delete in each row's details.
        columns={[
          {
            title: t('Title'),
            dataIndex: 'title',
            key: 'title',
            render: (title: string) => <span className="oj-table-title">{title}</span>,
          },
          {
            // When it was posted, not when the contest starts.
            title: t('Announcement_Posted_At'),
            dataIndex: 'gmtCreate',
            key: 'posted',
            render: (v: string) => formatTime(v),
          },
        ]}
      />
      <AdminCrudModal
        crud={crud}
        title={(a) => t(a.id ? 'Edit_Announcement' : 'Create_Announcement')}
        initialValues={(a) => a}
      >
        <Form.Item name="title" label={t('Title')} rules={[{ required: true, whitespace: true, max: 255 }]}>
          <Input />
        </Form.Item>
        <Form.Item name="content" label={t('Content')} rules={[{ required: true, whitespace: true }]}>
          <Input.TextArea rows={6} />
        </Form.Item>
      </AdminCrudModal>
    </Panel>
  );
};

export default AdminContestAnnouncementPage;
