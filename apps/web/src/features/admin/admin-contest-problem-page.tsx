import { type AdminProblem, adminProblem, adminContest as contract } from '@oj/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, ColorPicker, Form, Input, Modal, Popconfirm, Space, Table } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { Panel } from '../../components/panel';
import { api } from '../../lib/api';
import { toast } from '../../lib/notify';
import { registerContestTexts } from '../contest/contest-texts';
import { registerAdminTexts } from './admin-texts';

type ContestProblemRow = {
  id: number;
  pid: number;
  problemId: string;
  title: string;
  displayId: string;
  displayTitle: string;
  color: string | null;
  /** 3: contest-only (edited with the problem form). */
  auth: number;
};

interface EditValues {
  displayId: string;
  displayTitle: string;
  color?: string | null;
}

const colorText = (v: unknown) =>
  typeof v === 'string'
    ? v
    : v && typeof v === 'object' && 'toHexString' in v
      ? (v as { toHexString(): string }).toHexString()
      : null;

/** Display id, title and balloon colour of a contest problem (add and edit share it). */
const ProblemMetaForm = ({
  initial,
  onSubmit,
}: {
  initial: EditValues;
  onSubmit: (v: EditValues) => Promise<void>;
}) => {
  const { t } = useTranslation();
  return (
    <Form<EditValues>
      layout="vertical"
      initialValues={initial}
      onFinish={async (v) => onSubmit({ ...v, color: colorText(v.color) })}
    >
      <Form.Item
        name="displayId"
        label={t('Display_ID')}
        rules={[{ required: true, whitespace: true, message: t('Field_Required') }, { pattern: /^[A-Za-z0-9_-]+$/ }]}
      >
        <Input maxLength={20} />
      </Form.Item>
      <Form.Item
        name="displayTitle"
        label={t('Display_Title')}
        rules={[{ required: true, whitespace: true, message: t('Field_Required') }]}
      >
        <Input maxLength={255} />
      </Form.Item>
      <Form.Item name="color" label={t('Balloon_Color')}>
        <ColorPicker allowClear />
      </Form.Item>
      <Button type="primary" htmlType="submit">
        {t('Save')}
      </Button>
    </Form>
  );
};

/** /admin/contest/:id/problems: the contest's problems, add from the public bank, edit, remove (spec 3 §2.3). */
const AdminContestProblemPage = () => {
  registerAdminTexts();
  registerContestTexts();
  const { t } = useTranslation();
  const cid = Number(useParams().contestId);
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState<ContestProblemRow | null>(null);
  const [adding, setAdding] = useState<AdminProblem | null>(null);
  const [pickerOpen, setPickerOpen] = useState(false);
  const [keyword, setKeyword] = useState('');
  const list = useQuery({
    queryKey: ['admin', 'contest-problems', cid],
    queryFn: () => api.call(contract.getContestProblemList, { cid, currentPage: 1, limit: 100, keyword: undefined }),
  });
  const bank = useQuery({
    queryKey: ['admin', 'problems', 'for-contest', keyword],
    queryFn: () => api.call(adminProblem.getProblemList, { keyword, auth: 1, currentPage: 1, limit: 10 }),
    enabled: pickerOpen,
  });
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['admin', 'contest-problems', cid] });
  const remove = useMutation({
    mutationFn: (pid: number) => api.call(contract.deleteContestProblem, { cid, pid }),
    onSuccess: () => {
      toast.success(t('Delete_successfully'));
      void refresh();
    },
  });
  const rows = (list.data?.problemList.records ?? []) as ContestProblemRow[];
  const nextDisplayId = String.fromCharCode(65 + (rows.length % 26));

  return (
    <Panel
      title={`${t('Problem_Admin')} · #${cid}`}
      extra={
        <Space>
          <Button type="primary" onClick={() => setPickerOpen(true)}>
            {t('Add_From_Public')}
          </Button>
          <Button onClick={() => navigate(`/admin/contest/${cid}/problem/create`)}>
            {t('Create_Contest_Problem')}
          </Button>
          <Link to={`/admin/contest/${cid}/announcement`}>{t('Announcement_Admin')}</Link>
          <Link to={`/contest/${cid}`}>{t('Contest')}</Link>
        </Space>
      }
    >
      <Table<ContestProblemRow>
        rowKey="id"
        loading={list.isFetching}
        dataSource={rows}
        pagination={false}
        columns={[
          { title: t('Display_ID'), dataIndex: 'displayId', width: 110 },
          { title: t('Display_Title'), dataIndex: 'displayTitle' },
          { title: t('Problem_ID'), dataIndex: 'problemId', width: 120 },
          {
            title: t('Balloon_Color'),
            dataIndex: 'color',
            width: 110,
            render: (c: string | null) =>
              c ? <span style={{ display: 'inline-block', width: 20, height: 20, background: c }} title={c} /> : null,
          },
          {
            title: t('Option'),
            key: 'option',
            width: 200,
            render: (_, r) => (
              <Space>
                <Button size="small" onClick={() => setEditing(r)}>
                  {t('Edit')}
                </Button>
                {r.auth === 3 && (
                  <Button size="small" onClick={() => navigate(`/admin/contest/${cid}/problem/${r.pid}/edit`)}>
                    {t('Edit_Problem')}
                  </Button>
                )}
                <Popconfirm title={t('Remove_Confirm')} onConfirm={() => remove.mutate(r.pid)}>
                  <Button size="small" danger>
                    {t('Remove')}
                  </Button>
                </Popconfirm>
              </Space>
            ),
          },
        ]}
      />
      <Modal open={!!editing} title={t('Edit')} footer={null} onCancel={() => setEditing(null)} destroyOnHidden>
        {editing && (
          <ProblemMetaForm
            initial={{ displayId: editing.displayId, displayTitle: editing.displayTitle, color: editing.color }}
            onSubmit={async (v) => {
              await api.call(contract.setContestProblemInfo, { cid, pid: editing.pid, ...v });
              toast.success(t('Update_Successfully'));
              setEditing(null);
              void refresh();
            }}
          />
        )}
      </Modal>
      <Modal
        open={pickerOpen}
        title={t('Add_From_Public')}
        footer={null}
        width={760}
        onCancel={() => {
          setPickerOpen(false);
          setAdding(null);
        }}
        destroyOnHidden
      >
        {adding ? (
          <ProblemMetaForm
            initial={{ displayId: nextDisplayId, displayTitle: adding.title, color: null }}
            onSubmit={async (v) => {
              await api.call(contract.addContestProblemFromPublic, { cid, pid: adding.id, ...v });
              toast.success(t('Saved'));
              setAdding(null);
              void refresh();
            }}
          />
        ) : (
          <>
            <Input.Search
              aria-label={t('Enter_Problem_Keyword')}
              placeholder={t('Enter_Problem_Keyword')}
              allowClear
              onSearch={(v) => setKeyword(v.trim())}
              style={{ marginBottom: 12 }}
            />
            <Table<AdminProblem>
              rowKey="id"
              size="small"
              loading={bank.isFetching}
              dataSource={bank.data?.records ?? []}
              pagination={false}
              columns={[
                { title: t('Problem_ID'), dataIndex: 'problemId', width: 120 },
                { title: t('Title'), dataIndex: 'title' },
                {
                  title: t('Option'),
                  key: 'add',
                  width: 100,
                  render: (_, p) => (
                    <Button
                      size="small"
                      aria-label={`${t('Add')} ${p.problemId}`}
                      disabled={String(p.id) in (list.data?.contestProblemMap ?? {})}
                      onClick={() => setAdding(p)}
                    >
                      {t('Add')}
                    </Button>
                  ),
                },
              ]}
            />
          </>
        )}
      </Modal>
    </Panel>
  );
};

export default AdminContestProblemPage;
