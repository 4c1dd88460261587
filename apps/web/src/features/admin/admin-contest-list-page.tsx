import { type AdminContest, adminContest as contract } from '@oj/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Input, Popconfirm, Space, Switch, Table, Tag } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { Panel } from '../../components/panel';
import { api } from '../../lib/api';
import { useSession } from '../../lib/auth-store';
import { toast } from '../../lib/notify';
import { STATUS_COLORS, STATUS_KEYS } from '../contest/contest-header';
import { registerContestStaffTexts } from '../contest/contest-staff-texts';
import { registerContestTexts } from '../contest/contest-texts';
import { AdminContestAcCodeDialog } from './admin-contest-ac-code-dialog';
import { AdminOtherContestPanel } from './admin-other-contest-panel';
import { registerAdminTexts } from './admin-texts';

const PAGE_SIZE = 10;

/** /admin/contest: search, visibility, edit, problems, announcements, clone, delete (spec 3 §2.3). */
const AdminContestListPage = () => {
  registerAdminTexts();
  registerContestTexts();
  registerContestStaffTexts();
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { isSuperAdmin } = useSession();
  const [keyword, setKeyword] = useState('');
  const [currentPage, setPage] = useState(1);
  const [acCodeOf, setAcCodeOf] = useState<{ id: number; title: string } | null>(null);
  const list = useQuery({
    queryKey: ['admin', 'contests', keyword, currentPage],
    queryFn: () => api.call(contract.getAdminContestList, { keyword, currentPage, limit: PAGE_SIZE }),
  });
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['admin', 'contests'] });
  const visible = useMutation({
    mutationFn: (c: { cid: number; visible: boolean; uid: string }) =>
      api.call(contract.changeContestVisible, { cid: c.cid, uid: c.uid, visible: String(c.visible) }),
    onSuccess: () => {
      toast.success(t('Update_Successfully'));
      void refresh();
    },
  });
  const remove = useMutation({
    mutationFn: (cid: number) => api.call(contract.deleteContest, { cid }),
    onSuccess: () => {
      toast.success(t('Delete_successfully'));
      void refresh();
    },
  });
  const clone = async (cid: number) => {
    const copy = await api.call(contract.cloneContest, { cid });
    toast.success(t('Saved'));
    navigate(`/admin/contest/${copy.id}/edit`);
  };

  return (
    <>
      <Panel
        title={t('Admin_Contest_List')}
        extra={
          <Space>
            <Input.Search
              aria-label={t('Search_Contest')}
              placeholder={t('Search_Contest')}
              allowClear
              onSearch={(v) => {
                setKeyword(v.trim());
                setPage(1);
              }}
            />
            <Button type="primary" onClick={() => navigate('/admin/contest/create')}>
              {t('Create_Contest')}
            </Button>
          </Space>
        }
      >
        <Table<AdminContest>
          rowKey="id"
          loading={list.isFetching}
          dataSource={list.data?.records ?? []}
          pagination={{ current: currentPage, pageSize: PAGE_SIZE, total: list.data?.total ?? 0, onChange: setPage }}
          columns={[
            { title: 'ID', dataIndex: 'id', width: 70 },
            {
              title: t('Contest_Title'),
              dataIndex: 'title',
              render: (title: string, c) => <Link to={`/contest/${c.id}`}>{title}</Link>,
            },
            { title: t('Rule_Type'), dataIndex: 'type', width: 80, render: (v: number) => (v === 1 ? 'OI' : 'ACM') },
            {
              title: t('Status'),
              dataIndex: 'status',
              width: 100,
              render: (s: number) => <Tag color={STATUS_COLORS[s]}>{t(STATUS_KEYS[s] ?? '')}</Tag>,
            },
            {
              title: t('Start_Time'),
              dataIndex: 'startTime',
              width: 160,
              render: (v: string) => dayjs(v).format('YYYY-MM-DD HH:mm'),
            },
            {
              title: t('Visible'),
              dataIndex: 'visible',
              width: 80,
              render: (v: boolean, c) => (
                <Switch
                  aria-label={`${t('Visible')} ${c.title}`}
                  checked={v}
                  onChange={(next) => visible.mutate({ cid: c.id, visible: next, uid: c.uid })}
                />
              ),
            },
            {
              title: t('Option'),
              key: 'option',
              render: (_, c) => (
                <Space wrap>
                  <Link to={`/admin/contest/${c.id}/edit`}>{t('Edit')}</Link>
                  <Link to={`/admin/contest/${c.id}/problems`}>{t('Problem_Admin')}</Link>
                  <Link to={`/admin/contest/${c.id}/announcement`}>{t('Announcement_Admin')}</Link>
                  <Button size="small" onClick={() => clone(c.id)}>
                    {t('Clone')}
                  </Button>
                  <Button size="small" onClick={() => setAcCodeOf({ id: c.id, title: c.title })}>
                    {t('Download_AC_Code')}
                  </Button>
                  {/* Deleting a contest is root only (DESIGN §7 "Roles"). */}
                  {isSuperAdmin && (
                    <Popconfirm title={t('Delete_Contest_Confirm')} onConfirm={() => remove.mutate(c.id)}>
                      <Button size="small" danger>
                        {t('Delete')}
                      </Button>
                    </Popconfirm>
                  )}
                </Space>
              ),
            },
          ]}
        />
      </Panel>
      <AdminOtherContestPanel />
      <AdminContestAcCodeDialog contest={acCodeOf} onClose={() => setAcCodeOf(null)} />
    </>
  );
};

export default AdminContestListPage;
