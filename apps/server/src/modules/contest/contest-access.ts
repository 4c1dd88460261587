import { type GroupRole, group as g, isRoot } from '@oj/shared';
import type { AuthUser } from '../auth/session.service.js';

/** The fields of a contest that decide who manages it. */
export interface ContestOwnerFields {
  uid: string;
  gid: number | null;
}

/** The one "contest admin" rule (decisions 0016 and 0024): root and the contest's creator; for a group's contest
 * also the group's root (owner, level 5). `groupRole` is the viewer's role in the contest's group (the group
 * policy's answer), absent for a site contest. Contest admins edit it, see it while hidden or sealed, rejudge,
 * print and download, and are never ranked. */
export const managesContest = (c: ContestOwnerFields, viewer: AuthUser | undefined, groupRole?: GroupRole) =>
  !!viewer &&
  (isRoot(viewer.roles) || viewer.uid === c.uid || (c.gid !== null && !!groupRole && g.isGroupRoot(groupRole)));

/** The fields of a contest that decide whether its rank is sealed. */
export interface ContestSealFields {
  sealRank: number;
  sealRankTime: Date | null;
  endTime: Date;
  autoRealRank: number;
}

/** Whether a viewer sees the real-time rank at `at`: a contest admin (`manages`) always; others when the
 * contest has no seal, before the seal time, or once it ended with autoRealRank. */
export const seesRealTimeRank = (c: ContestSealFields, manages: boolean, at: Date) => {
  if (manages || c.sealRank !== 1 || !c.sealRankTime) return true;
  if (at < c.sealRankTime) return true;
  return at >= c.endTime && c.autoRealRank === 1;
};
