import { group as contract } from '@oj/shared';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Result, Spin, Tabs, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation, useNavigate, useParams } from 'react-router';
import { Panel } from '../../components/panel';
import { api } from '../../lib/api';
import { useSession } from '../../lib/auth-store';
import { useWebsiteConfig } from '../site/use-website-config';
import type { GroupContext } from './group-context';
import { GroupHome } from './group-home';
import { canOpenGroupTab, groupTabOf, visibleGroupTabs } from './group-model';
import { GroupAuthTag, GroupAvatar, GroupHiddenTag } from './group-parts';
import './group.css';
import { queryKey } from '../../lib/query-keys';

const { groupRoleOf, isGroupMember } = contract;

/** The group shell /group/:groupID: header, the group sub-nav and the home or the open tab. The
 * viewer's role decides which tabs show; the server decides for real. */
const GroupDetailPage = () => {
  const { t } = useTranslation('group');
  const { groupID = '' } = useParams();
  const gid = Number(groupID);
  const valid = Number.isInteger(gid) && gid > 0;
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const queryClient = useQueryClient();
  const { isAuthenticated, isSuperAdmin, user } = useSession();
  const config = useWebsiteConfig().data;

  const detail = useQuery({
    queryKey: queryKey(contract.getGroupDetail, gid),
    queryFn: () => api.call(contract.getGroupDetail, { gid }, { silent: true }),
    enabled: isAuthenticated && valid,
    retry: false,
  });
  const auth = useQuery({
    queryKey: queryKey(contract.getGroupAuth, gid),
    queryFn: () => api.call(contract.getGroupAuth, { gid }),
    enabled: isAuthenticated && valid && detail.isSuccess,
  });

  if (!isAuthenticated) return null;
  if (detail.isLoading || (detail.isSuccess && auth.isLoading)) {
    return <Spin style={{ display: 'block', padding: 96 }} />;
  }
  const group = detail.data;
  if (!valid || detail.error || !group) {
    return (
      <Result
        status="warning"
        title={t('Group_Not_Found')}
        subTitle={detail.error?.message}
        extra={<Button onClick={() => navigate('/group')}>{t('Group_Back_To_List')}</Button>}
      />
    );
  }

  const level = auth.data ?? 0;
  const role = groupRoleOf({
    signedIn: true,
    level,
    owner: !!user && group.uid === user.uid,
    superAdmin: isSuperAdmin,
  });
  const context: GroupContext = {
    group,
    gid,
    role,
    level,
    viewer: { uid: user?.uid ?? null, role, level },
    reload: () => {
      void queryClient.invalidateQueries({ queryKey: queryKey(contract.getGroupDetail, gid) });
      void queryClient.invalidateQueries({ queryKey: queryKey(contract.getGroupAuth, gid) });
    },
  };
  const tabs = visibleGroupTabs(role, { openGroupDiscussion: config?.openGroupDiscussion });
  const active = groupTabOf(pathname, groupID);
  const base = `/group/${gid}`;

  return (
    <Panel>
      <header className="oj-group-header">
        <GroupAvatar group={group} size={40} />
        <div style={{ minWidth: 0 }}>
          <Typography.Title level={3}>{group.name}</Typography.Title>
          <span style={{ display: 'inline-flex', gap: 6, flexWrap: 'wrap' }}>
            <GroupAuthTag auth={group.auth} />
            {!group.visible && <GroupHiddenTag />}
          </span>
        </div>
      </header>
      <Tabs
        aria-label={group.name}
        activeKey={active}
        onChange={(key) => navigate(key === 'home' ? base : `${base}/${key}`)}
        items={tabs.map((tab) => ({ key: tab.key, label: t(tab.labelKey), disabled: tab.disabled }))}
      />
      {active === 'home' ? (
        <GroupHome context={context} />
      ) : canOpenGroupTab(active, role) ? (
        <Outlet context={context} />
      ) : (
        <Alert
          type="warning"
          showIcon
          title={t(isGroupMember(role) ? 'Group_No_Permission' : 'Group_No_Access')}
          action={
            <Button size="small" onClick={() => navigate(base)}>
              {t('Group_Tab_Home')}
            </Button>
          }
        />
      )}
    </Panel>
  );
};

export default GroupDetailPage;
