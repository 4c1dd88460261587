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

/** The fields of a contest that decide whose real names a viewer gets. */
export interface ContestNameFields {
  rankShowName: string;
  hideRealNameFromVisitors: number;
}

/** The one real-name rule (decision 0043): a visitor who is not signed in gets no participant's real name from a
 * contest that hides them from visitors; anyone else gets them as before. The board and its pinned rows, the rank
 * downloads, the scroll board and the contest's own shape (`rankShowNameFor`) all ask it. */
export const showsRealNames = (c: Pick<ContestNameFields, 'hideRealNameFromVisitors'>, viewer: AuthUser | undefined) =>
  !!viewer || c.hideRealNameFromVisitors !== 1;

export type RankShowName = 'username' | 'nickname' | 'realname';

/** The name the board shows this viewer: the contest's choice (an unknown one: the username), but the username
 * where `showsRealNames` withholds the real name. */
export const rankShowNameFor = (c: ContestNameFields, viewer: AuthUser | undefined): RankShowName => {
  const chosen = (['username', 'nickname', 'realname'] as const).find((n) => n === c.rankShowName) ?? 'username';
  return chosen === 'realname' && !showsRealNames(c, viewer) ? 'username' : chosen;
};

/** The fields of a contest that make it an exam (decision 0055). */
export interface ContestExamFields {
  examMode: number;
  startTime: Date;
  endTime: Date;
}

/** Whether a contest is an exam running at `at`: from its start to its end; outside that window nothing of the exam
 * applies. */
export const examRunning = (c: ContestExamFields, at: Date) => c.examMode === 1 && c.startTime <= at && at < c.endTime;

/** The one "contest comments closed" rule (decision 0055): an exam's comments are closed to everyone but its admins
 * while it runs (403 examCommentsClosed); clarifications take their place. */
export const examCommentsClosed = (c: ContestExamFields, manages: boolean, at: Date) => !manages && examRunning(c, at);
