import { discussion as contract, isAdminRole, SEEDED_DISCUSSION_CATEGORIES } from '@oj/shared';
import type { TranslationKey } from '../../locales/zh-cn';

const { DISCUSSION_LIMITS, REPORT_TAGS } = contract;

export type ReportTag = (typeof REPORT_TAGS)[number];

/** A report's content: each chosen tag wrapped in hash marks, then the reason. Null when there is neither a tag nor a
 * reason (the dialog then warns 'The report label and reason cannot be empty'). Tags are kept in the fixed order
 * and only the six known ones count. */
export const buildReportContent = (tags: readonly string[], reason: string): string | null => {
  const chosen = REPORT_TAGS.filter((tag) => tags.includes(tag));
  const text = reason.trim();
  if (!chosen.length && !text) return null;
  return `${chosen.map((tag) => `#${tag}#`).join('')}${text}`;
};

/** On create for a problem discussion the title is prefixed with "[problemId] " (once). */
export const prefixProblemTitle = (title: string, pid: string | null | undefined) => {
  const id = pid?.trim();
  const clean = title.trim();
  if (!id) return clean;
  const prefix = `[${id}] `;
  return clean.startsWith(prefix) ? clean : `${prefix}${clean}`;
};

export type DiscussionField = 'title' | 'description' | 'content';

export const DISCUSSION_FIELD_MAX: Record<DiscussionField, number> = {
  title: DISCUSSION_LIMITS.title,
  description: DISCUSSION_LIMITS.description,
  content: DISCUSSION_LIMITS.content,
};

/** The rule for one text field: required, then at most 255 / 255 / 65535 characters. */
export const discussionFieldError = (
  field: DiscussionField,
  value: string | undefined,
): { rule: 'required' } | { rule: 'max'; max: number } | null => {
  if (!value?.trim()) return { rule: 'required' };
  const max = DISCUSSION_FIELD_MAX[field];
  if (value.trim().length > max) return { rule: 'max', max };
  return null;
};

/** The create form as the dialog keeps it. */
export interface DiscussionDraft {
  title: string;
  description: string;
  content: string;
  categoryId?: number;
  pid: string;
  topPriority: boolean;
}

export const emptyDraft = (pid = ''): DiscussionDraft => ({
  title: '',
  description: '',
  content: '',
  categoryId: undefined,
  pid,
  topPriority: false,
});

const hasText = (d: DiscussionDraft) => !!(d.title.trim() || d.description.trim() || d.content.trim());

/** A create that is cancelled keeps its draft. Kept in memory for the tab's life, one per place the
 * dialog opens from (the general list or a problem's list), and never in storage: a shared computer's next user
 * must not find the previous one's text. */
const drafts = new Map<string, DiscussionDraft>();

export const discussionDrafts = {
  get: (place: string): DiscussionDraft | undefined => drafts.get(place),
  keep(place: string, draft: DiscussionDraft) {
    if (hasText(draft)) drafts.set(place, draft);
    else drafts.delete(place);
  },
  discard(place: string) {
    drafts.delete(place);
  },
  clearAll() {
    drafts.clear();
  },
};

/** The author's badge: SPA for root, ADM for admin, none for anyone else. */
export const roleBadge = (role: string | null | undefined): 'SPA' | 'ADM' | null =>
  role === 'root' ? 'SPA' : role === 'admin' ? 'ADM' : null;

/** A group's discussion area: the group's id and whether the viewer is one of its admins (group
 * role admin, root or super). Without it the pages are the site's discussion area. */
export interface DiscussionGroup {
  gid: number;
  admin: boolean;
}

/** Where a discussion's links lead: the site's pages, or the group's own so a reader stays in it. */
export const discussionPaths = (gid?: number | null) => {
  const base = gid ? `/group/${gid}` : '';
  return {
    list: `${base}/discussion`,
    problemList: (pid: string) => `${base}/discussion/${encodeURIComponent(pid)}`,
    detail: (did: number) => `${base}/discussion-detail/${did}`,
    problem: (pid: string) => `${base}/problem/${encodeURIComponent(pid)}`,
  };
};

/** Edit is the author's; delete the author's or an admin role's, in a group the author's or a group
 * admin's. The server decides in the end. */
export const discussionRights = (
  d: { uid: string },
  viewer: { uid?: string | null; roles: readonly string[] },
  group?: DiscussionGroup,
): { edit: boolean; remove: boolean } => {
  const author = !!viewer.uid && viewer.uid === d.uid;
  return { edit: author, remove: author || (group ? group.admin : isAdminRole(viewer.roles)) };
};

/** A category's name as shown: one a new site starts with in the reader's language, while it keeps its seeded name
 * (shared SEEDED_DISCUSSION_CATEGORIES); any other as named. */
export const categoryLabel = (name: string, t: (key: TranslationKey) => string) => {
  const seeded = SEEDED_DISCUSSION_CATEGORIES.find((c) => c.name === name);
  return seeded ? t(seeded.key) : name;
};
