import { Button, Drawer, Menu, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { LanguageToggle } from '../../components/language-toggle';
import { useSession } from '../../lib/auth-store';
import { useWebsiteConfig } from '../site/use-website-config';
import { AuthButtons } from './auth-buttons';
import { type MenuEntry, USER_MENU, visibleMenu } from './menu-items';
import { toMenuItems } from './menu-view';
import { UnreadTotal } from './unread-count';

/** Under 992 px the menu becomes a side drawer with the same entries, plus the account entries
 * so a phone reaches everything the desktop header offers. */
const NavDrawer = ({
  open,
  onClose,
  entries,
  selectedKey,
  exam = false,
}: {
  open: boolean;
  onClose: () => void;
  entries: MenuEntry[];
  selectedKey: string;
  /** The user's exam runs: of the account's entries only the sign-out. */
  exam?: boolean;
}) => {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { isAuthenticated, isAdmin } = useSession();
  const config = useWebsiteConfig().data;
  const userEntries = isAuthenticated
    ? visibleMenu(USER_MENU, { signedIn: true, isAdmin, config }).filter((e) => !exam || e.key === 'logout')
    : [];

  return (
    <Drawer open={open} placement="left" size={260} title={config?.shortName ?? 'OJ'} onClose={onClose}>
      <Menu
        mode="inline"
        items={toMenuItems(entries, (k) => t(k), config?.preliminaryUrl)}
        selectedKeys={[selectedKey]}
        onClick={() => onClose()}
      />
      <Space orientation="vertical" style={{ width: '100%', marginTop: 16 }}>
        {isAuthenticated ? (
          userEntries.map((e) =>
            e.newWindow ? (
              <Button key={e.key} block href={e.path} target="_blank">
                {t(e.labelKey)}
              </Button>
            ) : (
              <Button
                key={e.key}
                block
                onClick={() => {
                  onClose();
                  navigate(e.path ?? '/home');
                }}
              >
                {t(e.labelKey)}
                {e.key === 'message' && <UnreadTotal />}
              </Button>
            ),
          )
        ) : (
          <AuthButtons onClick={() => onClose()} block />
        )}
        <LanguageToggle block />
      </Space>
    </Drawer>
  );
};

export default NavDrawer;
