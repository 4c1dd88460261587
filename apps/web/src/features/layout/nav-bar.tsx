import { MenuOutlined, UserOutlined } from '@ant-design/icons';
import { Button, Space } from 'antd';
import { Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { LanguageToggle } from '../../components/language-toggle';
import { useSession } from '../../lib/auth-store';
import { lazyScreen } from '../../lib/lazy-screen';
import { DRAWER_MAX_WIDTH, useMaxWidth } from '../../lib/use-media-query';
import { useCurrentExam } from '../exam/current-exam';
import { useWebsiteConfig } from '../site/use-website-config';
import { AuthButtons } from './auth-buttons';
import { examMenu, examMenuKey, menuModeOf, modeMenu, selectedMenuKey, visibleMenu } from './menu-items';
import { TopMenu } from './top-menu';
import { UnreadTotal } from './unread-count';

// The drawer is only for narrow screens: desktop visitors never download it.
const NavDrawer = lazyScreen(() => import('./nav-drawer'));
// The signed-in user's dropdown (antd's Dropdown): visitors never download it (decision 0038).
const UserDropdown = lazyScreen(() => import('./user-dropdown'));

/** The user button while its dropdown's code arrives: the same button; a click on it is kept, and the menu opens
 * once the code is there. */
const UserButton = ({ onClick }: { onClick: () => void }) => {
  const { user } = useSession();
  return (
    <Button type="text" icon={<UserOutlined />} onClick={onClick}>
      {user?.username}
    </Button>
  );
};

/** The top menu (the app's own, top-menu.tsx: antd's Menu stays out of the first visit's download), or under
 * 992 px a side drawer with the same entries. */
export const NavBar = () => {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const { isAuthenticated, isAdmin } = useSession();
  const config = useWebsiteConfig().data;
  const narrow = useMaxWidth(DRAWER_MAX_WIDTH);
  // The drawer's code is fetched on the first tap; the button works at once and the drawer opens when ready.
  const [drawer, setDrawer] = useState<'never' | 'open' | 'closed'>('never');
  const [userMenuAsked, setUserMenuAsked] = useState(false);

  // While the signed-in user's exam runs, the menu is the exam's, and the account's only entry is the sign-out.
  const exam = useCurrentExam();
  const ctx = { signedIn: isAuthenticated, isAdmin, config };
  const entries = exam ? examMenu(exam.cid) : visibleMenu(modeMenu(menuModeOf(pathname)), ctx);
  const selected = exam ? examMenuKey(pathname, exam.cid) : selectedMenuKey(pathname);

  const brand = (
    <Link to="/home" className="oj-nav__brand">
      {config?.shortName ?? 'OJ'}
    </Link>
  );

  if (narrow) {
    return (
      <nav className="oj-nav" aria-label={t('Menu')}>
        <Button type="text" icon={<MenuOutlined />} aria-label={t('Menu')} onClick={() => setDrawer('open')} />
        {isAuthenticated && !exam && <UnreadTotal />}
        {drawer !== 'never' && (
          <Suspense fallback={null}>
            <NavDrawer
              open={drawer === 'open'}
              onClose={() => setDrawer('closed')}
              entries={entries}
              selectedKey={selected}
              exam={!!exam}
            />
          </Suspense>
        )}
        {brand}
      </nav>
    );
  }

  return (
    <nav className="oj-nav" aria-label={t('Menu')}>
      {brand}
      <TopMenu entries={entries} selectedKey={selected} preliminaryUrl={config?.preliminaryUrl} />
      <Space className="oj-nav__right">
        <LanguageToggle />
        {exam ? (
          <Link to="/logout">{t('Logout')}</Link>
        ) : isAuthenticated ? (
          <Suspense fallback={<UserButton onClick={() => setUserMenuAsked(true)} />}>
            <UserDropdown openAtStart={userMenuAsked} />
          </Suspense>
        ) : (
          <AuthButtons />
        )}
      </Space>
    </nav>
  );
};
