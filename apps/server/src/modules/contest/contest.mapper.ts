import type { AdminContest, Contest, ContestAnnouncement } from '@oj/shared';
import type { ContestAnnouncementRow, ContestRow } from './contest.repository.js';

export const contestStatusAt = (c: Pick<ContestRow, 'startTime' | 'endTime'>, now: Date) =>
  now < c.startTime ? -1 : now < c.endTime ? 0 : 1;

export const durationS = (c: Pick<ContestRow, 'startTime' | 'endTime'>) =>
  Math.max(0, Math.floor((c.endTime.getTime() - c.startTime.getTime()) / 1000));

/** Field by field: the password, account rule and star list never reach the public view. `rankShowName` is the
 * name the board shows this viewer (contest-access.ts, rankShowNameFor). */
export const toContest = (c: ContestRow, now: Date, count: number, rankShowName: string): Contest => ({
  id: c.id,
  author: c.author,
  title: c.title,
  type: c.type,
  description: c.description,
  status: contestStatusAt(c, now),
  source: c.source,
  auth: c.auth,
  now: now.toISOString(),
  startTime: c.startTime.toISOString(),
  endTime: c.endTime.toISOString(),
  duration: durationS(c),
  sealRank: c.sealRank === 1,
  openPrint: c.openPrint === 1,
  sealRankTime: c.sealRankTime?.toISOString() ?? null,
  rankShowName,
  hideRealNameFromVisitors: c.hideRealNameFromVisitors === 1,
  openRank: c.openRank === 1,
  oiRankScoreType: c.oiRankScoreType,
  count,
  gid: c.gid,
  allowEndSubmit: c.allowEndSubmit === 1,
  allowVirtual: c.allowVirtual === 1,
  examMode: c.examMode === 1,
  awardType: c.awardType,
  awardConfigList: c.awardConfig.map((a) => ({
    priority: a.priority,
    name: a.name,
    background: a.background,
    color: a.color,
    num: a.num,
  })),
});

export const toAdminContest = (c: ContestRow, now: Date): AdminContest => ({
  id: c.id,
  uid: c.uid,
  author: c.author,
  title: c.title,
  type: c.type,
  description: c.description,
  source: c.source,
  auth: c.auth,
  pwd: c.pwd,
  startTime: c.startTime.toISOString(),
  endTime: c.endTime.toISOString(),
  duration: durationS(c),
  sealRank: c.sealRank === 1,
  sealRankTime: c.sealRankTime?.toISOString() ?? null,
  autoRealRank: c.autoRealRank === 1,
  status: contestStatusAt(c, now),
  visible: c.visible === 1,
  openPrint: c.openPrint === 1,
  openAccountLimit: c.openAccountLimit === 1,
  accountLimitRule: c.accountLimitRule,
  rankShowName: c.rankShowName,
  hideRealNameFromVisitors: c.hideRealNameFromVisitors === 1,
  starAccount: c.starAccount,
  openRank: c.openRank === 1,
  oiRankScoreType: c.oiRankScoreType,
  gid: c.gid,
  awardType: c.awardType,
  awardConfigList: c.awardConfig,
  allowEndSubmit: c.allowEndSubmit === 1,
  rated: c.rated === 1,
  allowVirtual: c.allowVirtual === 1,
  examMode: c.examMode === 1,
  examSessionPolicy: c.examSessionPolicy === 'refuse' ? 'refuse' : 'replace',
  allowedAddresses: c.allowedAddresses,
  gmtCreate: c.gmtCreate.toISOString(),
  gmtModified: c.gmtModified.toISOString(),
});

export const toContestAnnouncement = (a: ContestAnnouncementRow): ContestAnnouncement => ({
  id: a.id,
  title: a.title,
  content: a.content,
  uid: a.uid,
  username: a.username,
  status: 0,
  gmtCreate: a.gmtCreate.toISOString(),
  gmtModified: a.gmtModified.toISOString(),
});

/** HOJ's packed account rule: `<prefix>p</prefix><suffix>s</suffix><start>1</start><end>50</end><extra>a b</extra>`.
 * A username passes when it is prefix + i + suffix for some i in [start, end], or is in the extra list. */
export const matchesAccountRule = (rule: string | null, username: string) => {
  if (!rule) return true;
  const part = (tag: string) => new RegExp(`<${tag}>([\\s\\S]*?)</${tag}>`).exec(rule)?.[1] ?? '';
  const extra = part('extra')
    .split(/\s+/)
    .filter((x) => x);
  if (extra.includes(username)) return true;
  const prefix = part('prefix');
  const suffix = part('suffix');
  const start = Number(part('start'));
  const end = Number(part('end'));
  if (!username.startsWith(prefix) || !username.endsWith(suffix)) return false;
  const middle = username.slice(prefix.length, username.length - suffix.length);
  if (!/^\d+$/.test(middle) || !Number.isFinite(start) || !Number.isFinite(end)) return false;
  const i = Number(middle);
  return i >= start && i <= end;
};
