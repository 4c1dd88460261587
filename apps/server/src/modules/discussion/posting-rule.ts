import { type GroupRole, group as g, isAdminRole, type Permission, type PostPermission } from '@oj/shared';
import type { Db } from '../../db/client.js';
import { AppError, forbidden } from '../../http/app-error.js';
import type { AuthUser } from '../auth/session.service.js';
import { acceptedProblems } from '../rank/rank-queries.js';
import type { SiteService } from '../site/site.service.js';

/** What is posted: a new discussion, or a comment or reply. */
export type PostKind = 'discussion' | 'comment';

/** Where: the site's discussions; a group's (its own threshold, null for the site's, and the caller's role in it);
 * a contest's comments (no threshold of accepted problems). */
export type PostPlace =
  | { area: 'site' }
  | { area: 'group'; minAcToPost: number | null; role: GroupRole }
  | { area: 'contest' };

const RIGHT: Record<PostKind, Permission> = { discussion: 'discussion_add', comment: 'comment_add' };

/**
 * The one posting rule (decision 0042): every call that posts (a discussion, in the site or a group; a comment or a
 * reply, under a discussion or in a contest) and the post-permission answer ask it, so what the composer says before
 * writing is what the server then does.
 *
 * In order: signed in; the role's right (`discussion_add` for a discussion, `comment_add` for a comment or reply:
 * roles 1004 to 1007); then, for all but the place's admins (a site admin role anywhere, a group's admins in their
 * group), enough accepted problems in the public bank (the user's rank record: `acceptedProblems`): a group's own
 * threshold when it has one, else the site's switch for the kind (defaultCreateDiscussionACInitValue,
 * defaultCreateCommentACInitValue), none in a contest; and for a new post in the site's discussions, the site's posts a
 * day (0: no limit; a group's discussions have none).
 */
export const createPostingRule = (deps: {
  db: Db;
  site: Pick<SiteService, 'switches'>;
  /** The caller's posts since the start of today. */
  postedToday: (uid: string) => Promise<number>;
}) => {
  const permission = async (
    viewer: AuthUser | undefined,
    kind: PostKind,
    place: PostPlace,
  ): Promise<PostPermission> => {
    const s = await deps.site.switches();
    const siteNeed = kind === 'discussion' ? s.defaultCreateDiscussionACInitValue : s.defaultCreateCommentACInitValue;
    const needAc = place.area === 'contest' ? 0 : place.area === 'group' ? (place.minAcToPost ?? siteNeed) : siteNeed;
    const dailyLimit = kind === 'discussion' && place.area === 'site' ? s.defaultCreateDiscussionDailyLimit : 0;
    const refuse = (reason: NonNullable<PostPermission['reason']>, haveAc: number): PostPermission => ({
      allowed: false,
      reason,
      needAc,
      haveAc,
      dailyLimit,
    });
    if (!viewer) return refuse('login', 0);
    const haveAc = await acceptedProblems(deps.db, viewer.uid);
    if (!viewer.permissions.includes(RIGHT[kind])) return refuse('noPermission', haveAc);
    const exempt = isAdminRole(viewer.roles) || (place.area === 'group' && g.isGroupAdmin(place.role));
    if (!exempt) {
      if (haveAc < needAc) return refuse('acRequired', haveAc);
      if (dailyLimit > 0 && (await deps.postedToday(viewer.uid)) >= dailyLimit) return refuse('dailyLimit', haveAc);
    }
    return { allowed: true, reason: null, needAc, haveAc, dailyLimit };
  };

  return {
    permission,

    /** Nothing if the caller may post there, else the error that says why: 401, 403 (the role; too few accepted
     * problems, naming how many are needed), 429 (the day's posts). */
    async require(viewer: AuthUser | undefined, kind: PostKind, place: PostPlace): Promise<void> {
      const p = await permission(viewer, kind, place);
      switch (p.reason) {
        case null:
          return;
        case 'login':
          throw new AppError(401, 'pleaseLogin');
        case 'noPermission':
          throw forbidden();
        case 'acRequired':
          throw new AppError(403, kind === 'discussion' ? 'discussionAcRequired' : 'commentAcRequired', {
            count: String(p.needAc),
          });
        case 'dailyLimit':
          throw new AppError(429, 'discussionDailyLimit', { count: String(p.dailyLimit) });
      }
    },
  };
};
export type PostingRule = ReturnType<typeof createPostingRule>;
