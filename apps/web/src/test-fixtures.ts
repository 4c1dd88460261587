import type { AdminUser, Contest, Discussion, DiscussionCategory, Submission, UserInfo } from '@oj/shared';

/** Rows the web tests build again and again, one place each: override only what a test is about. */

/** A signed-in user as the session holds it (GET /api/get-user-info): a plain user, nothing filled in. */
export const userInfoFixture = (uid: string, username: string, roleList: string[] = ['user']): UserInfo => ({
  uid,
  username,
  nickname: null,
  avatar: null,
  titleName: null,
  titleColor: null,
  email: null,
  number: null,
  gender: null,
  school: null,
  course: null,
  signature: null,
  realname: null,
  github: null,
  blog: null,
  cfUsername: null,
  roleList,
});

/** A user row of the admin user list (GET /api/admin/user/get-user-list): a plain user, nothing filled in. */
export const adminUserRow = (fields: Pick<AdminUser, 'uid' | 'username'> & Partial<AdminUser>): AdminUser => ({
  nickname: null,
  realname: null,
  email: null,
  school: null,
  number: null,
  gender: null,
  titleName: null,
  titleColor: null,
  status: 0,
  regState: null,
  gmtCreate: '2025-03-01T08:00:00.000Z',
  gmtModified: '2025-03-01T08:00:00.000Z',
  roles: [{ id: 1003, role: 'user', description: '' }],
  ...fields,
});

/** A public ACM contest running from 08:00 to 13:00 UTC on 2026-01-01, seen at 09:00, by root. */
export const contestFixture = (fields: Pick<Contest, 'id' | 'title'> & Partial<Contest>): Contest =>
  ({
    description: '',
    type: 0,
    auth: 0,
    status: 0,
    startTime: '2026-01-01T08:00:00.000Z',
    endTime: '2026-01-01T13:00:00.000Z',
    now: '2026-01-01T09:00:00.000Z',
    duration: 18_000,
    author: 'root',
    sealRank: false,
    openPrint: false,
    sealRankTime: null,
    rankShowName: 'username',
    hideRealNameFromVisitors: true,
    openRank: false,
    oiRankScoreType: 'Recent',
    count: 3,
    gid: null,
    allowEndSubmit: false,
    allowVirtual: true,
    awardType: 0,
    awardConfigList: [],
    examMode: false,
    ...fields,
  }) as Contest;

/** The site's two discussion categories (GET /api/discussion-category). */
export const DISCUSSION_CATEGORIES: DiscussionCategory[] = [
  { id: 1, name: 'General', gid: null, gmtCreate: '', gmtModified: '' },
  { id: 2, name: 'Solutions', gid: null, gmtCreate: '', gmtModified: '' },
];

/** A pinned post in Solutions on P1001 by root, 12 views, 3 likes, no comments, not liked by the viewer. */
export const discussionFixture = (fields: Partial<Discussion> = {}): Discussion => ({
  id: 9,
  categoryId: 2,
  categoryName: 'Solutions',
  title: '[P1001] Greedy works',
  description: 'Sort first',
  content: 'Sort the **coins** first.',
  pid: 'P1001',
  uid: 'u-root',
  author: 'root',
  avatar: null,
  titleName: null,
  titleColor: null,
  role: 'root',
  viewNum: 12,
  likeNum: 3,
  commentNum: 0,
  hasLike: false,
  topPriority: true,
  gid: null,
  status: 0,
  gmtCreate: '2026-01-02T08:00:00.000Z',
  gmtModified: '2026-01-02T08:00:00.000Z',
  ...fields,
});

/** A problem page's answer (GET /api/get-problem-detail, the training's alike): "Coins" by root, 1 s and 256 MB, C++
 * only, in no group; `problem` overrides the problem's own fields. */
export const problemDetailFixture = (problem: Record<string, unknown> = {}) => ({
  problem: {
    id: 101,
    problemId: 'P1000',
    title: 'Coins',
    author: 'root',
    type: 0,
    judgeMode: 'default',
    timeLimit: 1000,
    memoryLimit: 256,
    description: 'Count the coins.',
    input: '',
    output: '',
    examples: '',
    source: '',
    difficulty: 0,
    hint: '',
    userExtraFile: null,
    gid: null,
    ...problem,
  },
  tags: [],
  languages: ['C++'],
  problemCount: null,
  codeTemplate: { 'C++': 'int main() { return 0; }' },
  languageLimits: {},
});

/** A submission of the status list and the detail (GET /api/get-submission-list, get-submission-detail): alice's C++
 * submission to the local A+B, nothing judged yet. */
export const submissionFixture = (
  fields: Pick<Submission, 'submitId' | 'status'> & Partial<Submission>,
): Submission => ({
  pid: 1000,
  displayPid: '1000',
  displayId: '1000',
  title: 'A+B Problem',
  uid: 'u1',
  username: 'alice',
  realName: null,
  submitTime: '2026-11-25T04:28:47.367Z',
  share: false,
  errorMessage: null,
  time: null,
  memory: null,
  score: null,
  oiRankScore: null,
  length: 75,
  code: null,
  language: 'C++',
  cid: 0,
  cpid: 0,
  gid: null,
  source: null,
  judger: null,
  ip: null,
  version: 0,
  isManual: false,
  vjudgeSubmitId: null,
  vjudgeUsername: null,
  vjudgePassword: null,
  gmtCreate: '2026-11-25T04:28:47.366Z',
  gmtModified: '2026-11-25T04:28:50.254Z',
  ...fields,
});

/** A training's homework rule when none is set (decision 0052): no times, no penalty. */
export const NO_HOMEWORK = {
  openTime: null,
  dueTime: null,
  lateUntil: null,
  latePenalty: 0,
  latePenaltyUnit: 'day',
  latePenaltyFloor: 0,
} as const;

/** A training answer's viewer fields when it has no due time: no state, no score, no extension. */
export const NO_HOMEWORK_VIEW = {
  ...NO_HOMEWORK,
  myDueTime: null,
  myLateUntil: null,
  homeworkState: null,
  homeworkScore: null,
} as const;
