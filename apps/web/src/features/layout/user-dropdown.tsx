import { DownOutlined, UserOutlined } from '@ant-design/icons';
import { Button, Dropdown, type MenuProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useSession } from '../../lib/auth-store';
import { unreadTotal, useUnreadCounts } from '../message/use-unread-counts';
import { USER_MENU, visibleMenu } from './menu-items';
import { UnreadCount } from './unread-count';

/** The signed-in user's dropdown (spec 1-core §2); the admin entry opens the admin area in a new window. The
 * unread message count shows on the button and beside the Message entry. */
const UserDropdown = () => {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { user, isAdmin } = useSession();
  const entries = visibleMenu(USER_MENU, { signedIn: true, isAdmin, config: undefined });
  const unread = unreadTotal(useUnreadCounts().data);

  const items: MenuProps['items'] = entries.map((e) => ({
    key: e.key,
    label:
      e.key === 'message' ? (
        <>
          {t(e.labelKey)}
          <UnreadCount count={unread} />
        </>
      ) : (
        t(e.labelKey)
      ),
  }));
  const onClick: MenuProps['onClick'] = ({ key }) => {
    const entry = entries.find((e) => e.key === key);
    if (!entry?.path) return;
    if (entry.newWindow) {
      window.open(entry.path, '_blank', 'noopener');
      return;
    }
    const query =
      entry.key === 'user-home' && user ? `?uid=${user.uid}&username=${encodeURIComponent(user.username)}` : '';
    navigate(`${entry.path}${query}`);
  };

  return (
    // Click only: with hover as well, the pointer arriving opens the menu and the click closes it again.
    <Dropdown menu={{ items, onClick }} trigger={['click']}>
      <Button type="text" icon={<UserOutlined />}>
        {user?.username}
        <UnreadCount count={unread} />
        <DownOutlined />
      </Button>
    </Dropdown>
  );
};

export default UserDropdown;
