import { msg, type UnreadCounts } from '@oj/shared';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api';
import { useSession } from '../../lib/auth-store';
import { useLiveUp } from '../../lib/live-events';
import { queryKey } from '../../lib/query-keys';

/** The unread counters of the message centre, polled every 60 s and only for a signed-in user: a
 * visitor never calls /api/msg/unread. While the live stream is open it brings them (app/live-sync.tsx) and the
 * polling rests. */
export const UNREAD_POLL_MS = 60_000;
export const UNREAD_QUERY_KEY = queryKey(msg.getUnreadCounts);

export type UnreadKind = keyof UnreadCounts;

export const unreadTotal = (c: UnreadCounts | undefined) => (c ? c.comment + c.reply + c.like + c.sys + c.mine : 0);

/** Small on purpose: it ships with the first visit (the user menu), so it imports the contract endpoint only. */
export const useUnreadCounts = () => {
  const { isAuthenticated, user } = useSession();
  const live = useLiveUp();
  return useQuery({
    queryKey: [...UNREAD_QUERY_KEY, user?.uid ?? null],
    queryFn: () => api.call(msg.getUnreadCounts, {}, { silent: true }),
    enabled: isAuthenticated,
    refetchInterval: live ? false : UNREAD_POLL_MS,
  });
};
