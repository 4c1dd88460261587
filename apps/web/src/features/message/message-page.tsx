import { Badge, Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import { Navigate, Outlet, useLocation, useNavigate } from 'react-router';
import { Panel } from '../../components/panel';
import { MESSAGE_TABS, messageTabOf } from './message-model';
import { registerMessageTexts } from './message-texts';
import { useUnreadCounts } from './use-unread-counts';

/** /message/ (spec 2 §2 "Message centre"; login required by the route guard): one tab per kind, each a child
 * route; the comments tab is the default. */
const MessagePage = () => {
  registerMessageTexts();
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const unread = useUnreadCounts().data;
  const current = messageTabOf(pathname);
  if (!current) return <Navigate to="/message/discuss" replace />;

  return (
    <Panel title={t('Message_Center')}>
      <Tabs
        activeKey={current.path}
        onChange={(key) => navigate(`/message/${key}`)}
        items={MESSAGE_TABS.map((tab) => ({
          key: tab.path,
          label: (
            <Badge count={unread?.[tab.unread] ?? 0} size="small" offset={[8, -2]}>
              <span>{t(tab.labelKey)}</span>
            </Badge>
          ),
        }))}
      />
      <Outlet />
    </Panel>
  );
};

export default MessagePage;
