import { Badge, ConfigProvider, Grid, Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import { Navigate, Outlet, useLocation, useNavigate } from 'react-router';
import { Panel } from '../../components/panel';
import { MESSAGE_TABS, messageTabOf } from './message-model';
import { useUnreadCounts } from './use-unread-counts';

const NARROW_TABS = { horizontalItemGutter: 10, titleFontSize: 13 };

/** /message/ (the message centre; login required by the route guard): one tab per kind, each a child
 * route; the comments tab is the default. */
const MessagePage = () => {
  const { t } = useTranslation('message');
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const unread = useUnreadCounts().data;
  const current = messageTabOf(pathname);
  // On a phone the five tabs must all fit: one folded into "…" would hide its unread count.
  const narrow = Grid.useBreakpoint().sm === false;
  if (!current) return <Navigate to="/message/discuss" replace />;

  const tabs = (
    <Tabs
      activeKey={current.path}
      onChange={(key) => navigate(`/message/${key}`)}
      items={MESSAGE_TABS.map((tab) => ({
        key: tab.path,
        label: (
          <Badge
            count={unread?.[tab.unread] ?? 0}
            size="small"
            offset={narrow ? [2, -2] : [8, -2]}
            styles={{ root: { fontSize: 'inherit' } }}
          >
            <span>{t(tab.labelKey)}</span>
          </Badge>
        ),
      }))}
    />
  );
  return (
    <Panel title={t('Message_Center')}>
      {narrow ? <ConfigProvider theme={{ components: { Tabs: NARROW_TABS } }}>{tabs}</ConfigProvider> : tabs}
      <Outlet />
    </Panel>
  );
};

export default MessagePage;
