import { discussion as contract, type PostPermission } from '@oj/shared';
import { useQuery } from '@tanstack/react-query';
import { Alert } from 'antd';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { api } from '../../lib/api';
import { useSession } from '../../lib/auth-store';
import { queryKey } from '../../lib/query-keys';

/** Where a composer posts: a new discussion on the site (nothing) or in a group (`gid`), a comment or reply under a
 * discussion (`did`) or in a contest (`cid`). */
export type PostPlace = { gid?: number } | { did: number } | { cid: number };

/** Where a new discussion goes: the site's area, or a group's. */
export const newPostPlace = (gid?: number): PostPlace => (gid ? { gid } : {});

/** Every cached answer of the post-permission call (a post may use up the day's posts). */
export const POST_PERMISSION_KEY = queryKey(contract.getPostPermission);

/** The caller's standing for posting in `place`, from the server's own rule (GET /api/discussion-post-permission),
 * asked again whenever a composer opens. Signed-in callers only: a visitor is asked to log in when sending. */
export const usePostPermission = (place: PostPlace, enabled = true) => {
  const { isAuthenticated, user } = useSession();
  return useQuery({
    queryKey: queryKey(contract.getPostPermission, place, user?.uid ?? null),
    queryFn: () => api.call(contract.getPostPermission, place, { silent: true }),
    enabled: isAuthenticated && enabled,
    staleTime: 0,
  });
};

/** Why posting is refused, in words; null when it is allowed, not known (the server still decides on sending) or
 * only a matter of logging in (the composer asks for that when sending). */
export const refusalText = (p: PostPermission | undefined, t: TFunction): string | null => {
  if (!p || p.allowed) return null;
  switch (p.reason) {
    case 'acRequired':
      return t('Post_Permission_Need_Ac', { count: p.needAc, have: p.haveAc });
    case 'noPermission':
      return t('Post_Permission_Forbidden');
    case 'dailyLimit':
      return t('Post_Permission_Daily_Limit', { count: p.dailyLimit });
    default:
      return null;
  }
};

/** The refusal for `place` in the reader's language (null: sending is allowed). */
export const usePostRefusal = (place: PostPlace, enabled = true): string | null => {
  const { t } = useTranslation('discussion');
  const p = usePostPermission(place, enabled).data;
  return enabled ? refusalText(p, t) : null;
};

/** The notice a composer shows above its fields before anything is typed. */
export const PostRefusalNotice = ({ text }: { text: string }) => (
  <Alert type="warning" showIcon title={text} style={{ marginBottom: 8 }} />
);
