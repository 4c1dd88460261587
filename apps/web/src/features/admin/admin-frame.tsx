import { HomeOutlined, LogoutOutlined } from '@ant-design/icons';
import { Button, Grid, Layout, Menu, Space, Tooltip } from 'antd';
import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Outlet, useLocation } from 'react-router';
import { useRouteHandle } from '../../app/route-handle';
import { LanguageToggle } from '../../components/language-toggle';
import { PageLoading } from '../../components/page-loading';
import { useSession } from '../../lib/auth-store';
import { usePageTitle } from '../../lib/use-page-title';
import { ADMIN_MENU } from './admin-menu';
import { useAdminLogout } from './use-admin-logout';
import './admin-frame.css';

/** The admin area's frame: its own menu, no site menu or footer. */
const AdminFrame = () => {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const { user, isSuperAdmin } = useSession();
  const logout = useAdminLogout();
  const { titleKey } = useRouteHandle();
  // On a phone (under 576 px) "Back to site" and "Logout" are icons named by aria-label and a tooltip, so the header
  // row fits beside the menu button in both languages.
  const narrow = Grid.useBreakpoint().sm === false;
  // The window title is "<product name> - <page title>", as on the site's pages; every admin route declares its title.
  usePageTitle(titleKey ? t(titleKey) : undefined);

  const items = ADMIN_MENU.filter((e) => !e.superAdmin || isSuperAdmin).map((e) => ({
    key: e.path,
    label: <Link to={e.path}>{t(e.labelKey)}</Link>,
  }));

  return (
    <Layout className="oj-admin" style={{ minHeight: '100vh' }}>
      {/* Below lg the menu folds away; its trigger sits in the header row's free left side, not over the page. */}
      <Layout.Sider breakpoint="lg" collapsedWidth={0} theme="light" zeroWidthTriggerStyle={{ top: 12 }}>
        <div style={{ padding: 16, fontWeight: 700, fontSize: 18 }}>{t('Admin')}</div>
        <Menu mode="inline" items={items} selectedKeys={[pathname]} aria-label={t('Admin')} />
      </Layout.Sider>
      {/* min-width 0: a wide table scrolls inside its card instead of widening the page. */}
      <Layout className="oj-admin__main">
        <Layout.Header
          style={{ background: '#fff', display: 'flex', justifyContent: 'flex-end', padding: '0 16px' }}
          className="oj-admin__header"
        >
          <Space>
            <Tooltip title={narrow ? t('Back_To_Site') : undefined}>
              <Link to="/home" aria-label={t('Back_To_Site')}>
                <HomeOutlined />
                {!narrow && <> {t('Back_To_Site')}</>}
              </Link>
            </Tooltip>
            <LanguageToggle />
            <span className="oj-admin__username">{user?.username}</span>
            <Tooltip title={narrow ? t('Logout') : undefined}>
              <Button icon={<LogoutOutlined />} aria-label={t('Logout')} onClick={() => void logout()}>
                {!narrow && t('Logout')}
              </Button>
            </Tooltip>
          </Space>
        </Layout.Header>
        <Layout.Content className="oj-admin__content">
          <Suspense fallback={<PageLoading />}>
            <Outlet />
          </Suspense>
        </Layout.Content>
      </Layout>
    </Layout>
  );
};

export default AdminFrame;
