import { useTranslation } from 'react-i18next';
import { unreadTotal, useUnreadCounts } from '../message/use-unread-counts';

/** A small red count (antd's Badge would add its animation code to the first visit). */
export const UnreadCount = ({ count }: { count: number }) => {
  const { t } = useTranslation();
  if (count <= 0) return null;
  return (
    <span
      role="status"
      aria-label={t('Unread_Messages', { count })}
      style={{
        display: 'inline-block',
        minWidth: 18,
        height: 18,
        padding: '0 5px',
        marginInlineStart: 6,
        borderRadius: 9,
        background: '#ff4d4f',
        color: '#fff',
        fontSize: 12,
        lineHeight: '18px',
        textAlign: 'center',
        verticalAlign: 'middle',
      }}
    >
      {count > 99 ? '99+' : count}
    </span>
  );
};

/** The signed-in user's unread message count, polled while shown (narrow screens put it by the menu button). */
export const UnreadTotal = () => <UnreadCount count={unreadTotal(useUnreadCounts().data)} />;
