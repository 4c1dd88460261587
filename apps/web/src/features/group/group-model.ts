import type { GroupMember, GroupRole } from '@oj/shared';
import { group as contract, groupProblem as groupProblemContract, user as userContract } from '@oj/shared';

const { GROUP_AUTH, GROUP_LIMITS, MEMBER_LEVEL, isGroupAdmin, isGroupMember, isGroupRoot } = contract;

/** The group list page sizes. */
export const GROUP_LIST_SIZES = [9, 15, 30, 60, 120] as const;
/** The add-member box waits this long after the last key. */
export const USER_SEARCH_DEBOUNCE_MS = 300;
/** The avatar is cropped to a 200 x 200 png of quality 0.8. */
export const GROUP_AVATAR = { size: 200, type: 'image/png', quality: 0.8 } as const;

/** East Asian wide characters count as two width units, everything else as one. */
const WIDE =
  /[\u1100-\u115f\u2e80-\u303e\u3041-\u33ff\u3400-\u4dbf\u4e00-\u9fff\ua000-\ua4cf\uac00-\ud7a3\uf900-\ufaff\ufe30-\ufe4f\uff00-\uff60\uffe0-\uffe6]|[\u{20000}-\u{3fffd}]/u;
const charWidth = (c: string) => (WIDE.test(c) ? 2 : 1);

export const textWidth = (text: string) => [...text].reduce((n, c) => n + charWidth(c), 0);

/** A group name on a card: cut with an ellipsis once it passes `max` width units (26 by default). */
export const shortenName = (name: string, max = 26) => {
  if (textWidth(name) <= max) return name;
  let width = 0;
  let out = '';
  for (const c of name) {
    if (width + charWidth(c) > max) break;
    width += charWidth(c);
    out += c;
  }
  return `${out}...`;
};

/** A text whose trimmed length must lie in [min, max], as the server checks it (zod `.trim().min().max()`). */
export const lengthOk = (value: string | undefined | null, [min, max]: readonly [number, number]) => {
  const n = (value ?? '').trim().length;
  return n >= min && n <= max;
};

/** The invitation code: exactly 6 after trimming, needed unless the group is public. */
export const codeOk = (auth: number | undefined, code: string | undefined | null) =>
  auth === GROUP_AUTH.PUBLIC || (code ?? '').trim().length === GROUP_LIMITS.code;

/** An optional reason of an application: empty, or 5 to 100 characters. */
export const reasonOk = (reason: string | undefined | null) =>
  !(reason ?? '').trim() || lengthOk(reason, GROUP_LIMITS.reason);

export const authLabelKey = (auth: number) =>
  auth === GROUP_AUTH.PUBLIC ? 'Group_Public' : auth === GROUP_AUTH.PROTECTED ? 'Group_Protected' : 'Group_Private';

/** The viewer as the member pages need it. */
export interface GroupViewer {
  uid: string | null;
  role: GroupRole;
  /** The membership level (0 none). */
  level: number;
}

/** The owner and the super admin manage every row; a group admin only rows below their own level.
 * Nobody edits the owner's row or their own. */
export const canEditMember = (viewer: GroupViewer, row: Pick<GroupMember, 'uid' | 'auth'>, ownerUid: string) => {
  if (!isGroupAdmin(viewer.role) || row.uid === ownerUid || row.uid === viewer.uid) return false;
  return isGroupRoot(viewer.role) || row.auth < viewer.level;
};

/** Removing is hidden for the viewer's own row and for the owner's. */
export const canRemoveMember = (viewer: GroupViewer, row: Pick<GroupMember, 'uid'>, ownerUid: string) =>
  isGroupAdmin(viewer.role) && row.uid !== ownerUid && row.uid !== viewer.uid;

/** The levels a viewer may give a member: a member stays 3 or above; 5 is the owner's alone; a group
 * admin who is not the owner picks only below their own level. Levels shown but not offered are disabled. */
export const memberLevelChoices = (viewer: GroupViewer, current: number) =>
  [MEMBER_LEVEL.MEMBER, MEMBER_LEVEL.ADMIN, ...(current === MEMBER_LEVEL.ROOT ? [MEMBER_LEVEL.ROOT] : [])].map(
    (level) => ({
      level,
      disabled: level === MEMBER_LEVEL.ROOT || (!isGroupRoot(viewer.role) && level >= viewer.level),
    }),
  );

export type GroupTabKey =
  | 'home'
  | 'problem'
  | 'training'
  | 'contest'
  | 'status'
  | 'discussion'
  | 'setting'
  | 'rank'
  | 'announcement'
  | 'member'
  | 'plagiarism'
  | 'gradebook'
  | 'reviewed-submissions';

interface TabDef {
  key: GroupTabKey;
  labelKey: string;
  /** Who sees the tab at all; others see it disabled when `members` is set, or not at all. */
  show: (role: GroupRole) => boolean;
  /** Only members (and above) may open it. */
  members: boolean;
  area?: 'openGroupDiscussion';
}

const everyone = () => true;

/** The group sub-nav, in the order the tabs show. */
export const GROUP_TABS: TabDef[] = [
  { key: 'home', labelKey: 'Group_Tab_Home', show: everyone, members: false },
  { key: 'problem', labelKey: 'Group_Tab_Problem', show: everyone, members: true },
  { key: 'training', labelKey: 'Group_Tab_Training', show: everyone, members: true },
  { key: 'contest', labelKey: 'Group_Tab_Contest', show: everyone, members: true },
  { key: 'status', labelKey: 'Group_Tab_Submission', show: everyone, members: true },
  {
    key: 'discussion',
    labelKey: 'Group_Tab_Discussion',
    show: everyone,
    members: true,
    area: 'openGroupDiscussion',
  },
  { key: 'setting', labelKey: 'Group_Tab_Setting', show: isGroupRoot, members: true },
  { key: 'rank', labelKey: 'Group_Tab_Rank', show: everyone, members: true },
  { key: 'announcement', labelKey: 'Group_Tab_Announcement', show: isGroupAdmin, members: true },
  { key: 'member', labelKey: 'Group_Tab_Member', show: isGroupAdmin, members: true },
  { key: 'plagiarism', labelKey: 'Group_Tab_Plagiarism', show: isGroupAdmin, members: true },
  { key: 'gradebook', labelKey: 'Group_Tab_Gradebook', show: isGroupAdmin, members: true },
  { key: 'reviewed-submissions', labelKey: 'Group_Tab_Reviewed', show: isGroupAdmin, members: true },
];

/** The tabs a viewer sees, each disabled when the viewer may not enter the group. */
export const visibleGroupTabs = (role: GroupRole, opts: { openGroupDiscussion?: boolean } = {}) =>
  GROUP_TABS.filter((tab) => tab.show(role) && (!tab.area || opts.openGroupDiscussion === true)).map((tab) => ({
    key: tab.key,
    labelKey: tab.labelKey,
    disabled: tab.members && !isGroupMember(role),
  }));

/** Whether a viewer may open a tab by its address (a hidden tab is closed too). */
export const canOpenGroupTab = (key: GroupTabKey, role: GroupRole) => {
  const tab = GROUP_TABS.find((x) => x.key === key);
  if (!tab) return isGroupMember(role);
  return tab.show(role) && (!tab.members || isGroupMember(role));
};

/** The tab a path belongs to: detail pages under their list (submission-detail under status, ...). */
export const groupTabOf = (pathname: string, gid: string): GroupTabKey => {
  const first =
    pathname
      .replace(new RegExp(`^/group/${gid}/?`), '')
      .split('/')
      .filter(Boolean)[0] ?? '';
  if (!first) return 'home';
  if (first === 'submission-detail') return 'status';
  if (first.startsWith('discussion')) return 'discussion';
  return (GROUP_TABS.find((tab) => tab.key === first)?.key ?? first) as GroupTabKey;
};

/** Author or group root edits, deletes and switches an announcement. */
export const canManageAnnouncement = (viewer: GroupViewer, a: { uid: string }) =>
  isGroupRoot(viewer.role) || (isGroupAdmin(viewer.role) && a.uid === viewer.uid);

/** The avatar rules: the extension decides, the server checks the bytes. */
export const GROUP_AVATAR_TYPES = ['gif', 'jpg', 'jpeg', 'png', 'bmp', 'webp'] as const;
export const checkGroupAvatar = (file: { name: string; size: number }) => {
  const ext = file.name.split('.').pop()?.toLowerCase() ?? '';
  if (!(GROUP_AVATAR_TYPES as readonly string[]).includes(ext)) return 'Group_Avatar_Wrong_Type' as const;
  if (file.size > userContract.AVATAR_MAX_BYTES) return 'Group_Avatar_Too_Large' as const;
  return null;
};

/** A group problem is managed (edited, deleted, downloaded, applied for public) by its author among the group's
 * admins, or by the group root (owner, super admin) whoever wrote it; members only read and submit.
 * A problem of another group, or a public one, is never managed here. */
export const canManageGroupProblem = (
  role: GroupRole,
  username: string | undefined,
  problem: { author: string | null; gid: number | null },
  gid: number,
) => problem.gid === gid && (isGroupRoot(role) || (isGroupAdmin(role) && !!username && problem.author === username));

/** The apply-for-public button of a group problem: none → apply; applying → withdraw on confirm;
 * refused → apply again; public → nothing to do. `next` is the isApplied the confirm sends. */
export const applyPublicAction = (progress: number | null | undefined) => {
  const { APPLY_PUBLIC } = groupProblemContract;
  if (progress === APPLY_PUBLIC.APPLYING)
    return { labelKey: 'Group_Problem_Applying', confirmKey: 'Group_Problem_Cancel_Confirm', next: false } as const;
  if (progress === APPLY_PUBLIC.PUBLIC)
    return { labelKey: 'Group_Problem_Public', confirmKey: null, next: null } as const;
  if (progress === APPLY_PUBLIC.REFUSED)
    return { labelKey: 'Group_Problem_Refused', confirmKey: 'Group_Problem_Apply_Again_Confirm', next: true } as const;
  return { labelKey: 'Group_Problem_Apply_Public', confirmKey: 'Group_Problem_Apply_Confirm', next: true } as const;
};

/** The usernames a pasted text names, as the server takes them (decision 0041): split on line breaks, spaces and
 * commas (the Chinese ones too), blanks dropped, each name once regardless of case, in the order given. */
export const splitUsernames = (text: string) => {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const name of text.split(/[\s,，、;；]+/)) {
    const key = name.toLowerCase();
    if (!name || seen.has(key)) continue;
    seen.add(key);
    out.push(name);
  }
  return out;
};

/** A bulk call's results grouped by outcome, outcomes in the order `order` gives, each with its names. */
export const byOutcome = <O extends string>(results: { name: string; outcome: O }[], order: readonly O[]) =>
  order
    .map((outcome) => ({ outcome, names: results.filter((r) => r.outcome === outcome).map((r) => r.name) }))
    .filter((g) => g.names.length > 0);
