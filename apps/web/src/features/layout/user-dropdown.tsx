import { DownOutlined, UserOutlined } from '@ant-design/icons';
import { Button, Dropdown, type MenuProps } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useSession } from '../../lib/auth-store';
import { unreadTotal, useUnreadCounts } from '../message/use-unread-counts';
import { USER_MENU, visibleMenu } from './menu-items';
import { UnreadCount } from './unread-count';

/** The signed-in user's dropdown; the admin entry is a link that opens the admin area in a new window. The unread
 * message count shows on the button and beside the Message entry. `openAtStart`: the button was clicked while this
 * code was still on its way, so the menu opens as soon as it arrives. */
const UserDropdown = ({ openAtStart = false }: { openAtStart?: boolean }) => {
  const { t } = useTranslation();
  const [open, setOpen] = useState(openAtStart);
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
      ) : e.newWindow ? (
        <a href={e.path} target="_blank" rel="noopener noreferrer">
          {t(e.labelKey)}
        </a>
      ) : (
        t(e.labelKey)
      ),
  }));
  const onClick: MenuProps['onClick'] = ({ key }) => {
    setOpen(false);
    const entry = entries.find((e) => e.key === key);
    // A new-window entry is its own link: the browser opens it.
    if (!entry?.path || entry.newWindow) return;
    const query =
      entry.key === 'user-home' && user ? `?uid=${user.uid}&username=${encodeURIComponent(user.username)}` : '';
    navigate(`${entry.path}${query}`);
  };

  return (
    // Click only: with hover as well, the pointer arriving opens the menu and the click closes it again.
    <Dropdown menu={{ items, onClick }} trigger={['click']} open={open} onOpenChange={setOpen}>
      <Button type="text" icon={<UserOutlined />}>
        {user?.username}
        <UnreadCount count={unread} />
        <DownOutlined />
      </Button>
    </Dropdown>
  );
};

export default UserDropdown;
