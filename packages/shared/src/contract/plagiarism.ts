import { z } from 'zod';
import { endpoint, isoDate, page, pageQuery, wireInt } from '../api.js';

/** Copy detection (docs/decisions/0047-copy-detection.md): an admin of a scope (a contest, a training, a group or one
 * problem) starts a check, which one server instance runs in the background; its pairs of similar submissions,
 * ranked by similarity, and the clusters of users they join are kept in the database. Every call answers only the
 * scope's admins (the rule of apps/server/src/modules/plagiarism/plagiarism-access.ts); for anyone else a check
 * does not exist. */

export const PLAGIARISM_LIMITS = {
  /** A scope with more submissions than this is refused (400 plagiarismScopeTooLarge) rather than checked. */
  maxSubmissions: 20_000,
  /** Pairs below this similarity are not stored: the lowest threshold a filter can ask for. */
  pairFloor: 0.2,
  /** The threshold of a new check (its clusters; the pairs list's default filter). */
  defaultThreshold: 0.5,
} as const;

export const SCOPE_KINDS = ['contest', 'training', 'group', 'problem'] as const;
export type PlagiarismScopeKind = (typeof SCOPE_KINDS)[number];

/** The languages the engine tokenises by their grammar; a submission in another language is not checked. */
export const PLAGIARISM_LANGUAGES = ['c', 'cpp', 'java', 'python', 'javascript', 'go'] as const;
export type PlagiarismLanguage = (typeof PLAGIARISM_LANGUAGES)[number];

/** What an admin decided about a pair of users on a problem of a scope (decision 0049): kept across the scope's checks. */
export const PLAGIARISM_DECISIONS = ['pending', 'confirmed', 'dismissed'] as const;
export type PlagiarismDecision = (typeof PLAGIARISM_DECISIONS)[number];
/** The largest base file (characters). */
export const PLAGIARISM_BASE_FILE_MAX = 65_536;
/** The longest note a decision keeps. */
export const PLAGIARISM_NOTE_MAX = 1000;

const id = wireInt(z.number().int().positive());
const optionalId = wireInt(z.number().int().positive().optional());
/** A submission id (a bigint column). */
const submitId = wireInt(z.number().int().positive(), { min: 1, max: Number.MAX_SAFE_INTEGER });

/** A similarity between 0 and 1 in the query: its decimal text ("0.5", at most 6 decimals). Not a wire integer (the
 * contract's one number type is for integers), so a text checked by its pattern. */
const fraction = z.preprocess(
  (v) => (v === '' || v === null ? undefined : v),
  z
    .string()
    .regex(/^(0(\.\d{1,6})?|1(\.0{1,6})?)$/, { error: 'fieldInvalid' })
    .transform(Number)
    .optional(),
);

/** The one scope a call names: exactly one of cid, tid, gid, pid (400 plagiarismOneScope otherwise). */
const scopeFields = { cid: optionalId, tid: optionalId, gid: optionalId, pid: optionalId };

export const scope = z.object({
  kind: z.enum(SCOPE_KINDS),
  /** The cid, tid, gid or pid. */
  id: z.number().int(),
  /** The contest's, training's, group's or problem's title. */
  title: z.string(),
  /** The group the scope belongs to (a group, or a group's contest, training or problem); null on the site. */
  gid: z.number().int().nullable(),
});
export type PlagiarismScope = z.infer<typeof scope>;

/** A problem of the scope as its pairs and clusters name it (a contest's problems by their display id there). */
export const checkProblem = z.object({ pid: z.number().int(), displayId: z.string(), title: z.string() });

/** Users who share one solution: connected by pairs at or above the threshold (on any problem of `pids`). */
export const cluster = z.object({
  uids: z.array(z.string()),
  /** In the order of `uids`. */
  usernames: z.array(z.string()),
  pids: z.array(z.number().int()),
  maxSimilarity: z.number(),
});
export type PlagiarismCluster = z.infer<typeof cluster>;

const checkFields = {
  id: z.number().int(),
  scope,
  allSubmissions: z.boolean(),
  /** A problem scope's time range (ISO), null when open. */
  from: isoDate.nullable(),
  to: isoDate.nullable(),
  /** A queued check (not yet taken by an instance) is running with `queued` true. */
  status: z.enum(['running', 'done', 'failed']),
  queued: z.boolean(),
  /** Units of work: one per submission fingerprinted, one per problem and language compared. */
  progress: z.object({ done: z.number().int(), total: z.number().int() }),
  threshold: z.number(),
  pairCount: z.number().int(),
  /** Why a failed check failed (its text in the server's log language). */
  error: z.string().nullable(),
  /** Who started it. */
  username: z.string(),
  gmtCreate: isoDate,
  finishedAt: isoDate.nullable(),
  /** The scope's watching check: kept current as its submissions are judged (`PUT /api/plagiarism/watch`). */
  watching: z.boolean(),
  /** When its result last changed (a watching check's last update; else when it finished). */
  updatedAt: isoDate.nullable(),
};

export const checkSummary = z.object(checkFields);
export type PlagiarismCheckSummary = z.infer<typeof checkSummary>;

export const check = z.object({
  ...checkFields,
  /** At the check's threshold, or at the one asked for; the largest first. */
  clusters: z.array(cluster),
  /** The scope's problems that the pairs and clusters name. */
  problems: z.array(checkProblem),
  /** Fingerprints the engine left out: of the problems' templates and samples, and common to many users. */
  ignored: z.object({ template: z.number().int(), common: z.number().int() }),
});
export type PlagiarismCheck = z.infer<typeof check>;

export const pairRecord = z.object({
  leftSubmitId: z.number().int(),
  rightSubmitId: z.number().int(),
  leftUid: z.string(),
  rightUid: z.string(),
  leftUsername: z.string(),
  rightUsername: z.string(),
  pid: z.number().int(),
  /** The engine's language (PLAGIARISM_LANGUAGES). */
  language: z.string(),
  /** 0..1 */
  similarity: z.number(),
  /** Tokens of the longest shared fragment. */
  longestFragment: z.number().int(),
  sharedTokens: z.number().int(),
  /** The scope's decision on these two users for this problem (null: none yet) and its note ('' when none). */
  decision: z.enum(PLAGIARISM_DECISIONS).nullable(),
  note: z.string(),
});
export type PlagiarismPairRecord = z.infer<typeof pairRecord>;

/** A stretch of a program: lines 1-based, columns 0-based (UTF-16 units within the line), the end exclusive. */
export const range = z.object({
  startLine: z.number().int(),
  startCol: z.number().int(),
  endLine: z.number().int(),
  endCol: z.number().int(),
});
export type PlagiarismRange = z.infer<typeof range>;

export const fragment = z.object({ left: range, right: range, tokens: z.number().int() });
export type PlagiarismFragment = z.infer<typeof fragment>;

const side = z.object({
  submitId: z.number().int(),
  uid: z.string(),
  username: z.string(),
  /** The site's language name (C++, Python3 ...). */
  language: z.string(),
  submitTime: isoDate,
  status: z.number().int(),
  /** As the submission detail shows it to the caller. */
  code: z.string(),
});

export const pairDetail = z.object({
  checkId: z.number().int(),
  pid: z.number().int(),
  displayId: z.string(),
  title: z.string(),
  language: z.string(),
  similarity: z.number(),
  longestFragment: z.number().int(),
  sharedTokens: z.number().int(),
  left: side,
  right: side,
  fragments: z.array(fragment),
  decision: z.enum(PLAGIARISM_DECISIONS).nullable(),
  note: z.string(),
});
export type PlagiarismPairDetail = z.infer<typeof pairDetail>;

/** Starts a check of one scope: each user's latest accepted submission per problem and language, or every
 * submission (`allSubmissions`); `from`/`to` (ISO times) narrow a problem scope. Answers the new check's id at once;
 * the work runs in the background. */
export const startCheck = endpoint({
  method: 'POST',
  path: '/api/plagiarism/check',
  access: 'user',
  input: z.object({
    ...scopeFields,
    allSubmissions: z.boolean().optional(),
    from: z.iso.datetime({ offset: true, error: 'fieldInvalid' }).optional(),
    to: z.iso.datetime({ offset: true, error: 'fieldInvalid' }).optional(),
  }),
  output: z.object({ id: z.number().int() }),
});

/** One check with its clusters; `threshold` recomputes the clusters at another threshold (at least the pair floor). */
export const getCheck = endpoint({
  method: 'GET',
  path: '/api/plagiarism/check',
  access: 'user',
  input: z.object({ id, threshold: fraction }),
  output: check,
});

/** A scope's checks, newest first. */
export const listChecks = endpoint({
  method: 'GET',
  path: '/api/plagiarism/checks',
  access: 'user',
  input: z.object({ ...scopeFields, ...pageQuery(10) }),
  output: page(checkSummary),
});

/** A check's pairs, highest similarity first, filtered by problem, language, user (either side) and similarity. */
export const listPairs = endpoint({
  method: 'GET',
  path: '/api/plagiarism/pairs',
  access: 'user',
  input: z.object({
    checkId: id,
    ...pageQuery(20),
    pid: optionalId,
    language: z.preprocess((v) => (v === '' ? undefined : v), z.enum(PLAGIARISM_LANGUAGES).optional()),
    uid: z.preprocess((v) => (v === '' ? undefined : v), z.string().max(64).optional()),
    minSimilarity: fraction,
  }),
  output: page(pairRecord),
});

/** Both programs of a pair and their matching fragments: only code the caller could open through the submission
 * detail (403 otherwise). */
export const getPair = endpoint({
  method: 'GET',
  path: '/api/plagiarism/pair',
  access: 'user',
  input: z.object({ checkId: id, leftSubmitId: submitId, rightSubmitId: submitId }),
  output: pairDetail,
});

const decisionFields = {
  decision: z.enum(PLAGIARISM_DECISIONS, { error: 'fieldInvalid' }),
  note: z.string().max(PLAGIARISM_NOTE_MAX, { error: 'fieldTooLong' }).optional(),
};
const uid = z.string().min(1).max(64);
/** A call about one problem of a scope: the scope is the contest, training or group named, else the problem itself. */
const problemOfScope = { cid: optionalId, tid: optionalId, gid: optionalId, pid: id };

/** Marks the pair of users on a problem of a scope (the scope: cid, tid or gid; without one, the problem itself):
 * confirmed, dismissed (a shared teaching template, say) or pending, with a note. It belongs to the scope, the
 * problem and the unordered pair of users, not to one check: every later check of the scope shows it. Audit-logged.
 * 404 when no check of the scope ever paired these users on that problem. */
export const setDecision = endpoint({
  method: 'PUT',
  path: '/api/plagiarism/decision',
  access: 'user',
  input: z.object({
    ...problemOfScope,
    leftUid: uid,
    rightUid: uid,
    ...decisionFields,
  }),
  output: z.object({ decision: z.enum(PLAGIARISM_DECISIONS), note: z.string() }),
});

/** The same decision for every pair of a cluster on one problem: each stored pair of the check on `pid` whose two
 * users are both among `uids`. Answers how many pairs of users it marked. */
export const setClusterDecision = endpoint({
  method: 'PUT',
  path: '/api/plagiarism/cluster-decision',
  access: 'user',
  input: z.object({
    checkId: id,
    uids: z.array(uid).min(2).max(500),
    pid: id,
    ...decisionFields,
  }),
  output: z.object({ count: z.number().int() }),
});

/** A finished check as a file for the records: every stored pair (users, problem, language, similarity, fragments'
 * sizes, the scope's decision and note, the cluster it falls in at the check's threshold) and, in the workbook, its
 * clusters on a second sheet. Texts in the caller's language. 400 plagiarismCheckNotDone before the check is done. */
export const downloadCheck = endpoint({
  method: 'GET',
  path: '/api/file/download-plagiarism',
  access: 'user',
  input: z.object({ checkId: id, format: z.enum(['xlsx', 'csv'], { error: 'fieldInvalid' }) }),
  output: z.unknown(),
  binary: true,
});

/** A base file of a scope: code the admin hands out for a problem and language, whose fragments checks ignore. */
export const baseFile = z.object({
  pid: z.number().int(),
  displayId: z.string(),
  title: z.string(),
  language: z.enum(PLAGIARISM_LANGUAGES),
  code: z.string(),
  username: z.string(),
  gmtModified: isoDate,
});
export type PlagiarismBaseFile = z.infer<typeof baseFile>;

/** Stores the base file of a problem and language in a scope (the scope: cid, tid or gid; without one, the problem
 * itself), replacing an earlier one; empty code removes it. The scope's later checks ignore its fragments. 404 when
 * the problem is not one of the scope's. */
export const setBaseFile = endpoint({
  method: 'POST',
  path: '/api/plagiarism/base-file',
  access: 'user',
  input: z.object({
    ...problemOfScope,
    language: z.enum(PLAGIARISM_LANGUAGES, { error: 'fieldInvalid' }),
    code: z.string().max(PLAGIARISM_BASE_FILE_MAX, { error: 'fieldTooLong' }),
  }),
  /** false: the code was empty and the base file (if any) is gone. */
  output: z.object({ stored: z.boolean() }),
});

/** A scope's base files, by problem and language, and the scope's problems a base file may be stored for. */
export const listBaseFiles = endpoint({
  method: 'GET',
  path: '/api/plagiarism/base-files',
  access: 'user',
  input: z.object(scopeFields),
  output: z.object({ records: z.array(baseFile), problems: z.array(checkProblem) }),
});

/** Switches watching a scope on or off. On: a check of the scope is queued (refused as `startCheck` refuses: 429 while
 * another is running, 400 for a scope too large) and, once done, kept current: each submission of the scope that
 * becomes accepted, or stops being so, updates the pairs of its problem. Off: that check stays as it was last
 * updated. Switching on a watched scope answers its watching check; off an unwatched one changes nothing. */
export const setWatch = endpoint({
  method: 'PUT',
  path: '/api/plagiarism/watch',
  access: 'user',
  input: z.object({ ...scopeFields, on: z.boolean({ error: 'fieldInvalid' }) }),
  output: z.object({ on: z.boolean(), checkId: z.number().int().nullable() }),
});

/** Whether the scope is watched, and its watching check. */
export const getWatch = endpoint({
  method: 'GET',
  path: '/api/plagiarism/watch',
  access: 'user',
  input: z.object(scopeFields),
  output: z.object({ on: z.boolean(), checkId: z.number().int().nullable() }),
});
