import { groupContest as contract, group as groupContract } from '@oj/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Empty, Pagination, Space, Spin, Switch } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { api } from '../../lib/api';
import { queryKey } from '../../lib/query-keys';
import AdminContestListPage from '../admin/contest/admin-contest-list-page';
import { ContestCard } from '../contest/contest-card';
import { canManageGroupContest } from './group-contest-model';
import { type GroupContext, useGroupContext } from './group-context';

const { isGroupAdmin } = groupContract;

/** Group lists show 10 a page. */
export const GROUP_CONTEST_PAGE_SIZE = 10;

/** The contests a member sees, as cards; a card opens the contest's own pages. */
const MemberContestList = ({ gid }: { gid: number }) => {
  const { t } = useTranslation('group');
  const navigate = useNavigate();
  const [currentPage, setPage] = useState(1);
  const list = useQuery({
    queryKey: queryKey(contract.getGroupContestList, gid, currentPage),
    queryFn: () => api.call(contract.getGroupContestList, { gid, currentPage, limit: GROUP_CONTEST_PAGE_SIZE }),
    placeholderData: keepPreviousData,
  });
  if (list.isLoading) return <Spin style={{ display: 'block', padding: 48 }} />;
  const records = list.data?.records ?? [];
  if (!records.length) return <Empty description={t('Group_Contest_Empty')} />;
  return (
    <>
      {records.map((c) => (
        <ContestCard key={c.id} contest={c} onOpen={(x) => navigate(`/contest/${x.id}`)} />
      ))}
      <Pagination
        align="end"
        current={currentPage}
        pageSize={GROUP_CONTEST_PAGE_SIZE}
        total={list.data?.total ?? 0}
        onChange={setPage}
        showSizeChanger={false}
        hideOnSinglePage
      />
    </>
  );
};

/** The admin contest table with the group's calls; rows the viewer does not manage are disabled. */
const AdminContestList = ({ context }: { context: GroupContext }) => (
  <AdminContestListPage
    group={{ gid: context.gid, canManage: (c) => canManageGroupContest(context.role, context.viewer.uid, c) }}
  />
);

/** GroupContestList, /group/:groupID/contest: the cards, and for group admins an admin mode. */
const GroupContestPage = () => {
  const { t } = useTranslation('group');
  const context = useGroupContext();
  const [params, setParams] = useSearchParams();
  const mayAdmin = isGroupAdmin(context.role);
  const admin = mayAdmin && params.get('mode') === 'admin';
  return (
    <div className="oj-group-contests">
      {mayAdmin && (
        <Space style={{ marginBottom: 12 }}>
          <span id="group-contest-admin">{t('Group_Contest_Admin_Mode')}</span>
          <Switch
            aria-labelledby="group-contest-admin"
            checked={admin}
            onChange={(on) => setParams(on ? { mode: 'admin' } : {}, { replace: true })}
          />
        </Space>
      )}
      {admin ? <AdminContestList context={context} /> : <MemberContestList gid={context.gid} />}
    </div>
  );
};

export default GroupContestPage;
