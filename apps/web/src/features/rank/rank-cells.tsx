import { Avatar, Tag } from 'antd';
import { Link } from 'react-router';
import { RatingColored } from '../../components/rating-colored';
import { nicknameColor } from './rank-colors';

/** A rank list's user cell: avatar (or the name's first letter), the name linking to the user's home (in the colour
 * of the user's contest rating, when given) and the title the user holds (the site's rank lists and a group's). */
export const RankUser = ({
  user,
  rating,
}: {
  user: { username: string; avatar?: string | null; titleName?: string | null; titleColor?: string | null };
  rating?: number | null;
}) => (
  <span style={{ display: 'inline-flex', alignItems: 'center', gap: 8 }}>
    <Avatar size="small" src={user.avatar || undefined}>
      {user.username.slice(0, 1).toUpperCase()}
    </Avatar>
    <Link to={`/user-home?username=${encodeURIComponent(user.username)}`}>
      <RatingColored rating={rating}>{user.username}</RatingColored>
    </Link>
    {user.titleName && <Tag color={user.titleColor ?? undefined}>{user.titleName}</Tag>}
  </span>
);

/** A rank list's nickname cell: the nickname in its colour, or nothing. */
export const renderNickname = (n: string | null) => (n ? <Tag color={nicknameColor(n)}>{n}</Tag> : null);
