import { UserOutlined } from '@ant-design/icons';
import type { Discussion } from '@oj/shared';
import { Avatar, Space, Tag, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { roleBadge } from './discussion-model';

/** SPA for root, ADM for admin. */
export const RoleBadge = ({ role }: { role: string | null | undefined }) => {
  const { t } = useTranslation('discussion');
  const badge = roleBadge(role);
  if (!badge) return null;
  const root = badge === 'SPA';
  return (
    <Tooltip title={t(root ? 'Discussion_Badge_Root_Title' : 'Discussion_Badge_Admin_Title')}>
      <Tag color={root ? 'red' : 'orange'} style={{ marginInlineEnd: 0 }}>
        {t(root ? 'Discussion_Badge_Root' : 'Discussion_Badge_Admin')}
      </Tag>
    </Tooltip>
  );
};

export const userHomePath = (uid: string, username: string) =>
  `/user-home?uid=${encodeURIComponent(uid)}&username=${encodeURIComponent(username)}`;

/** Avatar, name (to the user's home), role badge and title of a discussion's author. */
export const DiscussionAuthor = ({
  d,
  size = 24,
}: {
  d: Pick<Discussion, 'uid' | 'author' | 'avatar' | 'role' | 'titleName' | 'titleColor'>;
  size?: number;
}) => (
  <Space size={6} wrap style={{ minWidth: 0 }}>
    <Avatar size={size} src={d.avatar || undefined} icon={<UserOutlined />} alt="" />
    <Link to={userHomePath(d.uid, d.author)} style={{ wordBreak: 'break-all' }}>
      {d.author}
    </Link>
    <RoleBadge role={d.role} />
    {d.titleName && (
      <Tag color={d.titleColor ?? undefined} style={{ marginInlineEnd: 0 }}>
        {d.titleName}
      </Tag>
    )}
  </Space>
);
