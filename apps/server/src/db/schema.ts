import type { MessageKey } from '@oj/shared';
import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  bigserial,
  boolean,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

const createdAt = () => timestamp('gmt_create', { withTimezone: true, mode: 'date' }).notNull().defaultNow();
const modifiedAt = () => timestamp('gmt_modified', { withTimezone: true, mode: 'date' }).notNull().defaultNow();

export const users = pgTable(
  'users',
  {
    uid: text('uid').primaryKey(),
    username: text('username').notNull(),
    /** scrypt$N$r$p$salt$hash (see password.ts); never leaves the repository layer. */
    passwordHash: text('password_hash').notNull(),
    nickname: text('nickname'),
    realname: text('realname'),
    email: text('email'),
    gender: text('gender'),
    school: text('school'),
    course: text('course'),
    number: text('number'),
    signature: text('signature'),
    github: text('github'),
    blog: text('blog'),
    cfUsername: text('cf_username'),
    avatar: text('avatar'),
    titleName: text('title_name'),
    titleColor: text('title_color'),
    /** 0 normal, 1 banned. */
    status: integer('status').notNull().default(0),
    /** Registration (decision 0025): the mobile it was proven with, and the form's city and grade. */
    mobile: text('mobile'),
    city: text('city'),
    grade: text('grade'),
    /** A registration an admin has not approved: 'pending' or 'refused'; null for every usable account. */
    regState: text('reg_state'),
    gmtCreate: createdAt(),
    gmtModified: modifiedAt(),
  },
  (t) => [
    uniqueIndex('users_username_key').on(sql`lower(${t.username})`),
    uniqueIndex('users_mobile_key').on(t.mobile).where(sql`${t.mobile} is not null`),
    index('users_reg_state_idx').on(t.regState, t.gmtCreate).where(sql`${t.regState} is not null`),
  ],
);

export const roles = pgTable('roles', {
  id: integer('id').primaryKey(),
  role: text('role').notNull().unique(),
  description: text('description').notNull(),
});

export const permissions = pgTable('permissions', {
  id: serial('id').primaryKey(),
  permission: text('permission').notNull().unique(),
});

export const rolePermissions = pgTable(
  'role_permissions',
  {
    roleId: integer('role_id')
      .notNull()
      .references(() => roles.id, { onDelete: 'cascade' }),
    permissionId: integer('permission_id')
      .notNull()
      .references(() => permissions.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.roleId, t.permissionId] })],
);

export const userRoles = pgTable(
  'user_roles',
  {
    uid: text('uid')
      .notNull()
      .references(() => users.uid, { onDelete: 'cascade' }),
    roleId: integer('role_id')
      .notNull()
      .references(() => roles.id),
  },
  (t) => [primaryKey({ columns: [t.uid, t.roleId] })],
);

export const sessions = pgTable(
  'sessions',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    uid: text('uid')
      .notNull()
      .references(() => users.uid, { onDelete: 'cascade' }),
    /** sha256 of the opaque token; the token itself is never stored. */
    tokenHash: text('token_hash').notNull().unique(),
    ip: text('ip'),
    userAgent: text('user_agent'),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    /** Set when a refresh replaced this session; it then lives only for the grace period. */
    replacedAt: timestamp('replaced_at', { withTimezone: true, mode: 'date' }),
    revokedAt: timestamp('revoked_at', { withTimezone: true, mode: 'date' }),
    /** The first session of the login this one refreshes (a refresh keeps it); null: this session is the login's
     * first. An exam binds a login, not one token (decision 0055). */
    loginId: bigint('login_id', { mode: 'number' }),
  },
  (t) => [index('sessions_uid_idx').on(t.uid)],
);

/** Failed logins per (lower-cased username, IP) in a window (decision 0014); the
 * row with username '' (no username can be empty) counts the unverified failures of the IP as a whole. Also the
 * wrong current passwords of a password change (`password:<uid>`, IP ''). */
export const loginFailures = pgTable(
  'login_failures',
  {
    username: text('username').notNull(),
    ip: text('ip').notNull(),
    failures: integer('failures').notNull(),
    windowStart: timestamp('window_start', { withTimezone: true, mode: 'date' }).notNull(),
    lockedUntil: timestamp('locked_until', { withTimezone: true, mode: 'date' }),
  },
  (t) => [primaryKey({ columns: [t.username, t.ip] })],
);

export const captchas = pgTable('captchas', {
  key: text('key').primaryKey(),
  answerHash: text('answer_hash').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
});

/** Slide puzzles of the login verification (decision 0014): the server keeps where the piece fits (the browser
 * never learns it) and when the puzzle was handed out. A puzzle is checked once, right or wrong. */
export const slidePuzzles = pgTable('slide_puzzles', {
  key: text('key').primaryKey(),
  pieceX: integer('piece_x').notNull(),
  issuedAt: timestamp('issued_at', { withTimezone: true, mode: 'date' }).notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
});

/** Single-use proofs of a solved slide puzzle or image captcha, sent with the next login (decision 0014); only
 * their sha256 is stored. */
export const loginProofs = pgTable('login_proofs', {
  tokenHash: text('token_hash').primaryKey(),
  expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
});

/** Per-user limits every server instance shares (decision 0015): the submit and
 * test-run intervals (one hit per window) and wrong access passwords (hits per window). Taken in one statement
 * by access/rate-limit.repository.ts. */
export const userRateLimits = pgTable(
  'user_rate_limits',
  {
    uid: text('uid')
      .notNull()
      .references(() => users.uid, { onDelete: 'cascade' }),
    /** What is limited: `submit`, `testRun`, `contestPassword:<cid>`. */
    scope: text('scope').notNull(),
    /** When the current window opened: the last submit, or the first wrong password of the window. */
    windowStart: timestamp('window_start', { withTimezone: true, mode: 'date' }).notNull(),
    hits: integer('hits').notNull(),
  },
  (t) => [primaryKey({ columns: [t.uid, t.scope] })],
);

/** The same windows for what is not an account (decision 0025): a mobile, an e-mail address or a sender's IP
 * (`addr:<mobile>`, `ip:<address>`); the property names are user_rate_limits' so one repository serves both. */
export const addressRateLimits = pgTable(
  'address_rate_limits',
  {
    uid: text('subject').notNull(),
    scope: text('scope').notNull(),
    windowStart: timestamp('window_start', { withTimezone: true, mode: 'date' }).notNull(),
    hits: integer('hits').notNull(),
  },
  (t) => [primaryKey({ columns: [t.uid, t.scope] })],
);

/** Site configuration and switches, one JSON value per key. */
export const siteConfig = pgTable('site_config', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
  gmtModified: modifiedAt(),
});

export const homeCarousel = pgTable('home_carousel', {
  id: serial('id').primaryKey(),
  url: text('url').notNull(),
  uid: text('uid').references(() => users.uid, { onDelete: 'set null' }),
  gmtCreate: createdAt(),
});

export const announcements = pgTable(
  'announcements',
  {
    id: serial('id').primaryKey(),
    title: text('title').notNull(),
    content: text('content').notNull(),
    uid: text('uid')
      .notNull()
      .references(() => users.uid),
    /** 0 visible, 1 hidden. */
    status: integer('status').notNull().default(0),
    /** Group announcements carry their group (and go with it); site announcements have none. */
    gid: integer('gid').references((): AnyPgColumn => groups.id, { onDelete: 'cascade' }),
    gmtCreate: createdAt(),
    gmtModified: modifiedAt(),
  },
  (t) => [index('announcements_list_idx').on(t.gid, t.status, t.gmtCreate)],
);

// ---- problems and test data -----------------------------------------------------------------------------------

export const problems = pgTable(
  'problems',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity({ startWith: 1000 }),
    /** The displayed id (problemId on the wire), unique regardless of case. */
    problemId: text('problem_id').notNull(),
    title: text('title').notNull(),
    author: text('author').notNull().default(''),
    /** 0 ACM, 1 OI. */
    type: integer('type').notNull().default(0),
    timeLimitMs: integer('time_limit_ms').notNull().default(1000),
    memoryLimitMb: integer('memory_limit_mb').notNull().default(256),
    stackLimitMb: integer('stack_limit_mb').notNull().default(128),
    description: text('description').notNull().default(''),
    input: text('input').notNull().default(''),
    output: text('output').notNull().default(''),
    /** HOJ's encoding: `<input>..</input><output>..</output>` pairs. */
    examples: text('examples').notNull().default(''),
    hint: text('hint').notNull().default(''),
    source: text('source').notNull().default(''),
    /** 0 easy, 1 mid, 2 hard. */
    difficulty: integer('difficulty').notNull().default(0),
    /** 1 public, 2 private, 3 contest only. */
    auth: integer('auth').notNull().default(1),
    /** OI total score (sum of case scores). */
    ioScore: integer('io_score').notNull().default(100),
    codeShare: integer('code_share').notNull().default(1),
    judgeMode: text('judge_mode').notNull().default('default'),
    judgeCaseMode: text('judge_case_mode').notNull().default('default'),
    /** Checker (spj) or interactor source, and its language (C or C++). */
    spjCode: text('spj_code'),
    spjLanguage: text('spj_language'),
    /** The checker's last compile on a judge, queued on every save or import of a special judge or interactive
     * problem: 'compiling' | 'ok' | 'error' (with the compiler's message); null without a checker. */
    checkerState: text('checker_state').$type<'compiling' | 'ok' | 'error'>(),
    checkerError: text('checker_error'),
    checkerCompiledAt: timestamp('checker_compiled_at', { withTimezone: true }),
    userExtraFile: jsonb('user_extra_file').$type<Record<string, string>>(),
    judgeExtraFile: jsonb('judge_extra_file').$type<Record<string, string>>(),
    isRemoveEndBlank: integer('is_remove_end_blank').notNull().default(1),
    openCaseResult: integer('open_case_result').notNull().default(1),
    /** Opens the first failing case's input and expected output to who may see a submission's case results
     * (submission-visibility.ts `feedbackSight`); sample cases are always explained. */
    showFirstFailure: boolean('show_first_failure').notNull().default(false),
    /** The tests' validator (a testlib validator from a Polygon package, decision 0054) and its language: the package
     * check runs it on every test. */
    validatorCode: text('validator_code'),
    validatorLanguage: text('validator_language'),
    isUploadCase: integer('is_upload_case').notNull().default(1),
    /** Changes whenever the test data changes; judges drop cached data and compiled checkers on a change. */
    caseVersion: text('case_version').notNull(),
    modifiedUser: text('modified_user'),
    isRemote: integer('is_remote').notNull().default(0),
    isGroup: integer('is_group').notNull().default(0),
    gid: integer('gid'),
    /** null none, 1 applying, 2 public, 3 refused. */
    applyPublicProgress: integer('apply_public_progress'),
    gmtCreate: createdAt(),
    gmtModified: modifiedAt(),
  },
  (t) => [
    uniqueIndex('problems_problem_id_key').on(sql`upper(${t.problemId})`),
    index('problems_list_idx').on(t.auth, t.isGroup, t.id),
  ],
);

export const problemCases = pgTable(
  'problem_cases',
  {
    id: serial('id').primaryKey(),
    pid: integer('pid')
      .notNull()
      .references(() => problems.id, { onDelete: 'cascade' }),
    /** 1-based order of the case in the problem. */
    seq: integer('seq').notNull(),
    inputName: text('input_name').notNull(),
    outputName: text('output_name').notNull(),
    /** Test files live in OJ_DATA_DIR/testdata/<sha256>, shared by content. */
    inputSha256: text('input_sha256').notNull(),
    outputSha256: text('output_sha256').notNull(),
    inputSize: integer('input_size').notNull(),
    outputSize: integer('output_size').notNull(),
    score: integer('score').notNull().default(0),
    groupNum: integer('group_num').notNull().default(1),
  },
  (t) => [index('problem_cases_pid_idx').on(t.pid, t.seq)],
);

export const problemLanguages = pgTable(
  'problem_languages',
  {
    pid: integer('pid')
      .notNull()
      .references(() => problems.id, { onDelete: 'cascade' }),
    language: text('language').notNull(),
  },
  (t) => [primaryKey({ columns: [t.pid, t.language] })],
);

export const codeTemplates = pgTable(
  'code_templates',
  {
    id: serial('id').primaryKey(),
    pid: integer('pid')
      .notNull()
      .references(() => problems.id, { onDelete: 'cascade' }),
    language: text('language').notNull(),
    code: text('code').notNull(),
    status: integer('status').notNull().default(1),
  },
  (t) => [uniqueIndex('code_templates_pid_language_key').on(t.pid, t.language)],
);

export const tagClassifications = pgTable('tag_classifications', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  oj: text('oj').notNull().default('ME'),
  rank: integer('rank').notNull().default(0),
  gmtCreate: createdAt(),
  gmtModified: modifiedAt(),
});

export const tags = pgTable(
  'tags',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    color: text('color'),
    oj: text('oj').notNull().default('ME'),
    gid: integer('gid'),
    tcid: integer('tcid').references(() => tagClassifications.id, { onDelete: 'set null' }),
    gmtCreate: createdAt(),
    gmtModified: modifiedAt(),
  },
  (t) => [uniqueIndex('tags_name_oj_gid_key').on(t.name, t.oj, sql`coalesce(${t.gid}, 0)`)],
);

export const problemTags = pgTable(
  'problem_tags',
  {
    pid: integer('pid')
      .notNull()
      .references(() => problems.id, { onDelete: 'cascade' }),
    tid: integer('tid')
      .notNull()
      .references(() => tags.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.pid, t.tid] }), index('problem_tags_tid_idx').on(t.tid)],
);

// ---- submissions and judging ---------------------------------------------------------------------------------

export const submissions = pgTable(
  'submissions',
  {
    submitId: bigserial('submit_id', { mode: 'number' }).primaryKey(),
    pid: integer('pid')
      .notNull()
      .references(() => problems.id, { onDelete: 'cascade' }),
    displayPid: text('display_pid').notNull(),
    uid: text('uid')
      .notNull()
      .references(() => users.uid, { onDelete: 'cascade' }),
    username: text('username').notNull(),
    submitTime: timestamp('submit_time', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    status: integer('status').notNull(),
    share: integer('share').notNull().default(0),
    errorMessage: text('error_message'),
    timeMs: integer('time_ms'),
    memoryKb: integer('memory_kb'),
    score: integer('score'),
    oiRankScore: integer('oi_rank_score'),
    length: integer('length').notNull(),
    code: text('code').notNull(),
    language: text('language').notNull(),
    /** 0 outside contests. */
    cid: integer('cid').notNull().default(0),
    cpid: integer('cpid').notNull().default(0),
    gid: integer('gid'),
    /** The training it was submitted to (a public submission, cid 0): its cell of the training rank. */
    tid: integer('tid'),
    /** The virtual participation it was made in (contest_virtual_runs.id): a submission after the contest's end, so
     * the real board, the contest's and the bank's statistics never count it. */
    vrid: integer('vrid'),
    judger: text('judger'),
    ip: text('ip'),
    /** Bumped by rejudge, manual judge and cancel: a report for an older version is ignored. */
    version: integer('version').notNull().default(0),
    isManual: integer('is_manual').notNull().default(0),
    /** A remote judge's run id, stored as soon as the worker submitted: a resubmit or a requeued task polls it
     * again instead of submitting twice. */
    vjudgeSubmitId: text('vjudge_submit_id'),
    /** The pooled account the run was submitted with (its password stays in remote_judge_accounts). */
    vjudgeUsername: text('vjudge_username'),
    gmtCreate: createdAt(),
    gmtModified: modifiedAt(),
  },
  (t) => [
    index('submissions_uid_idx').on(t.uid, t.submitId),
    index('submissions_pid_idx').on(t.pid, t.submitId),
    index('submissions_cid_idx').on(t.cid, t.submitId),
    // A group's own submissions (its rank and status list); most submissions have no group.
    index('submissions_gid_idx').on(t.gid, t.uid).where(sql`${t.gid} is not null`),
    index('submissions_status_idx').on(t.status),
    // Per-user per-problem lookups (AC sync, best OI score, own status) and the week/heatmap statistics.
    index('submissions_uid_pid_idx').on(t.uid, t.pid),
    index('submissions_submit_time_idx').on(t.submitTime),
    // A contest board cell is re-summarised from one user's tries on one contest problem (contest-board trigger).
    index('submissions_contest_cell_idx').on(t.cid, t.uid, t.cpid),
    // A training rank cell is re-summarised from one user's tries on one problem of the training.
    index('submissions_training_cell_idx').on(t.tid, t.uid, t.pid).where(sql`${t.tid} is not null`),
  ],
);

export const judgeCases = pgTable(
  'judge_cases',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    submitId: bigint('submit_id', { mode: 'number' })
      .notNull()
      .references(() => submissions.submitId, { onDelete: 'cascade' }),
    pid: integer('pid').notNull(),
    uid: text('uid').notNull(),
    caseId: integer('case_id'),
    seq: integer('seq').notNull(),
    status: integer('status').notNull(),
    timeMs: integer('time_ms').notNull().default(0),
    memoryKb: integer('memory_kb').notNull().default(0),
    score: integer('score'),
    groupNum: integer('group_num'),
    mode: text('mode').notNull().default('default'),
    inputData: text('input_data'),
    outputData: text('output_data'),
    /** The judge's message for the case (checker text, signal name, "Output Limit Exceeded"...). */
    message: text('message'),
    /** The start of the program's output, shown when the problem opens case results; for a Wrong Answer or a
     * Presentation Error whose first difference lies past that start, the output from a few lines before it. */
    userOutput: text('user_output'),
    /** The 1-based line of the program's output `userOutput` starts at (null: the first). */
    outputFromLine: integer('output_from_line'),
    /** The size of the program's whole output, in bytes (null: not reported). */
    outputBytes: integer('output_bytes'),
  },
  (t) => [index('judge_cases_submit_idx').on(t.submitId, t.seq)],
);

/** The judge queue (docs/architecture.md, "Judging"): claimed with FOR UPDATE SKIP LOCKED, leased, retried, never
 * silently dropped. */
export const judgeTasks = pgTable(
  'judge_tasks',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** judge | testRun | compileChecker | remote | package */
    kind: text('kind').notNull(),
    submitId: bigint('submit_id', { mode: 'number' }).references(() => submissions.submitId, { onDelete: 'cascade' }),
    /** The submission version this task judges. */
    version: integer('version').notNull().default(0),
    /** Test runs and checker compiles go first. */
    priority: integer('priority').notNull().default(0),
    language: text('language').notNull(),
    /** Opaque key a user polls a test run with; owner uid for permission checks. */
    publicKey: text('public_key').unique(),
    uid: text('uid'),
    payload: jsonb('payload'),
    /** queued | running | done | failed */
    state: text('state').notNull().default('queued'),
    attempt: integer('attempt').notNull().default(0),
    leaseOwner: text('lease_owner'),
    leaseExpiresAt: timestamp('lease_expires_at', { withTimezone: true, mode: 'date' }),
    lastError: text('last_error'),
    result: jsonb('result'),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [index('judge_tasks_claim_idx').on(t.state, t.priority, t.id), index('judge_tasks_submit_idx').on(t.submitId)],
);

/** Judge workers as they last reported themselves. */
export const judges = pgTable('judges', {
  name: text('name').primaryKey(),
  languages: jsonb('languages').$type<string[]>().notNull(),
  /** The remote judges this worker judges on (its remote claim loop declares them). */
  remote: jsonb('remote').$type<string[]>().notNull().default([]),
  concurrency: integer('concurrency').notNull(),
  running: integer('running').notNull().default(0),
  version: text('version'),
  lastHeartbeat: timestamp('last_heartbeat', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  /** Set when the worker said goodbye (it stopped): it is handed no task after that, not even by a long poll the
   * server had not yet seen it hang up. A worker process has a name of its own, so the name never claims again. */
  stoppedAt: timestamp('stopped_at', { withTimezone: true, mode: 'date' }),
  gmtCreate: createdAt(),
});

/** The languages on offer (decision 0036): every language a judge has declared, written when a judge declares its
 * languages and kept while no judge is connected (a submission then waits as Pending). A language leaves when no
 * judge has declared it for OJ_JUDGE_LANGUAGE_FORGET_DAYS. */
export const judgeLanguages = pgTable('judge_languages', {
  language: text('language').primaryKey(),
  firstDeclaredAt: timestamp('first_declared_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  /** The last claim of a judge that declared it (liveness itself is the judges' heartbeat). */
  lastDeclaredAt: timestamp('last_declared_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});

/** The site's judge headers (testlib.h ...): put on the include path of every checker and interactor compile on every
 * judge; a problem's own file of the same name wins. The bytes are in the test data store under `sha256` (workers
 * fetch them as test files); `version` is the header's `#define VERSION "..."` when it has one. */
export const judgeHeaders = pgTable('judge_headers', {
  name: text('name').primaryKey(),
  sha256: text('sha256').notNull(),
  size: integer('size').notNull(),
  version: text('version'),
  /** The username of the admin who uploaded the current content (or the start's download, "system"). */
  uploadedBy: text('uploaded_by').notNull(),
  gmtCreate: createdAt(),
  gmtModified: modifiedAt(),
});

/** The remote judges on offer (decision 0036, "Remote sites"): every site (CF, GYM, HDU, ...) a worker's remote loop
 * has declared, kept while no worker is connected (a remote problem's submission then waits as Pending). A site
 * leaves when no worker has declared it for OJ_JUDGE_LANGUAGE_FORGET_DAYS, as a language does. */
export const judgeRemoteSites = pgTable('judge_remote_sites', {
  site: text('site').primaryKey(),
  firstDeclaredAt: timestamp('first_declared_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  /** The last remote claim of a worker that declared it (liveness itself is the judges' heartbeat). */
  lastDeclaredAt: timestamp('last_declared_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});

/** The remote judges' account pools (CF and GYM share the CF pool), edited on the switch page.
 * An account is leased to one remote task at a time: `leaseTaskId` with the task's lease expiry, renewed by the
 * worker's heartbeats, cleared when the task ends; an expired lease is idle again (a worker that died). */
export const remoteJudgeAccounts = pgTable(
  'remote_judge_accounts',
  {
    id: serial('id').primaryKey(),
    /** The pool: HDU, CF, POJ, AC or SPOJ. */
    oj: text('oj').notNull(),
    username: text('username').notNull(),
    /** Kept as given (the site needs it); never sent by an admin API, only to a worker in its claim. */
    password: text('password').notNull(),
    leaseTaskId: bigint('lease_task_id', { mode: 'number' }),
    leaseExpiresAt: timestamp('lease_expires_at', { withTimezone: true, mode: 'date' }),
    version: integer('version').notNull().default(0),
    gmtCreate: createdAt(),
    gmtModified: modifiedAt(),
  },
  (t) => [uniqueIndex('remote_judge_accounts_oj_username_key').on(t.oj, t.username)],
);

// ---- aggregates for lists and ranks (maintained by triggers on submissions and users, migration 0002) ---------

/** A user's first accepted non-contest, non-group submission per problem (HOJ's user_acproblem). */
export const userAcProblems = pgTable(
  'user_acproblems',
  {
    uid: text('uid')
      .notNull()
      .references(() => users.uid, { onDelete: 'cascade' }),
    pid: integer('pid')
      .notNull()
      .references(() => problems.id, { onDelete: 'cascade' }),
    submitId: bigint('submit_id', { mode: 'number' }).notNull(),
    gmtCreate: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.uid, t.pid] }), index('user_acproblems_time_idx').on(t.gmtCreate)],
);

/** Per-user counters behind the global ranks: kept current by triggers so a rank page is an index scan. */
export const userRecords = pgTable(
  'user_records',
  {
    uid: text('uid')
      .primaryKey()
      .references(() => users.uid, { onDelete: 'cascade' }),
    /** Non-contest, non-group submissions. */
    total: integer('total').notNull().default(0),
    /** Distinct problems accepted outside contests and groups. */
    ac: integer('ac').notNull().default(0),
    /** Sum over problems of the best OI rank score. */
    score: integer('score').notNull().default(0),
    rating: integer('rating'),
  },
  (t) => [
    index('user_records_acm_idx').on(sql`${t.ac} desc`, t.total, t.uid),
    index('user_records_oi_idx').on(sql`${t.score} desc`, sql`${t.ac} desc`, t.uid),
  ],
);

/** Best OI rank score per user and problem (non-contest, non-group). */
export const userProblemScores = pgTable(
  'user_problem_scores',
  {
    uid: text('uid')
      .notNull()
      .references(() => users.uid, { onDelete: 'cascade' }),
    pid: integer('pid')
      .notNull()
      .references(() => problems.id, { onDelete: 'cascade' }),
    score: integer('score').notNull(),
  },
  (t) => [primaryKey({ columns: [t.uid, t.pid] })],
);

/** Per-problem submission counts by status (non-contest, non-group), HOJ's ProblemCountVO. */
export const problemCounts = pgTable('problem_counts', {
  pid: integer('pid')
    .primaryKey()
    .references(() => problems.id, { onDelete: 'cascade' }),
  total: integer('total').notNull().default(0),
  ac: integer('ac').notNull().default(0),
  wa: integer('wa').notNull().default(0),
  ce: integer('ce').notNull().default(0),
  tle: integer('tle').notNull().default(0),
  mle: integer('mle').notNull().default(0),
  re: integer('re').notNull().default(0),
  pe: integer('pe').notNull().default(0),
  se: integer('se').notNull().default(0),
  pa: integer('pa').notNull().default(0),
});

/** E-mail verification codes (change e-mail, reset password): one live code per purpose and account. */
export const emailCodes = pgTable(
  'email_codes',
  {
    purpose: text('purpose').notNull(),
    uid: text('uid')
      .notNull()
      .references(() => users.uid, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    codeHash: text('code_hash').notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true, mode: 'date' }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.purpose, t.uid] })],
);

/** Uploaded files (avatars ...) under OJ_DATA_DIR/public; replaced avatars are marked deleted. */
export const files = pgTable(
  'files',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    uid: text('uid').references(() => users.uid, { onDelete: 'set null' }),
    /** avatar | markdown | carousel ... */
    type: text('type').notNull(),
    name: text('name').notNull().unique(),
    contentType: text('content_type').notNull(),
    size: integer('size').notNull(),
    /** The name the uploader gave (markdown attachments are downloaded under it). */
    originalName: text('original_name'),
    deleted: integer('deleted').notNull().default(0),
    gmtCreate: createdAt(),
  },
  (t) => [index('files_uid_type_idx').on(t.uid, t.type)],
);

/** Test data uploaded for a problem form, waiting for the form to be saved (the client holds only
 * this opaque id, never a server path). The files themselves are already in the content-addressed store. */
export const testDataUploads = pgTable(
  'test_data_uploads',
  {
    id: text('id').primaryKey(),
    uid: text('uid')
      .notNull()
      .references(() => users.uid, { onDelete: 'cascade' }),
    /** [{input, output, inputSha256, outputSha256, inputSize, outputSize}] in case order. */
    cases: jsonb('cases')
      .$type<
        {
          input: string;
          output: string;
          inputSha256: string;
          outputSha256: string;
          inputSize: number;
          outputSize: number;
        }[]
      >()
      .notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    gmtCreate: createdAt(),
  },
  (t) => [index('test_data_uploads_expires_idx').on(t.expiresAt)],
);

// ---- admin area, part 2: audit log and system notices -------------------------------------------------------

/** Who changed what: rejudges, manual judges, cancels, role/password/ban changes and
 * configuration edits. `username` is copied so an entry outlives the account that made it. */
export const auditLogs = pgTable(
  'audit_logs',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    uid: text('uid').references(() => users.uid, { onDelete: 'set null' }),
    username: text('username').notNull(),
    action: text('action').notNull(),
    targetType: text('target_type').notNull(),
    targetId: text('target_id').notNull(),
    detail: jsonb('detail').$type<Record<string, unknown>>().notNull().default({}),
    ip: text('ip').notNull().default(''),
    gmtCreate: createdAt(),
  },
  (t) => [index('audit_logs_time_idx').on(t.gmtCreate), index('audit_logs_action_idx').on(t.action, t.gmtCreate)],
);

/** System notices of the admin (HOJ's admin_sys_notice): to all users, chosen users or the admins; the message
 * centre reads them with the recipients resolved at read time, so later users of "All" see them too. */
export const adminNotices = pgTable(
  'admin_notices',
  {
    id: serial('id').primaryKey(),
    title: text('title').notNull(),
    content: text('content').notNull(),
    /** All | Single | Admin */
    type: text('type').notNull(),
    /** uids of the chosen recipients (type Single). */
    recipientUids: jsonb('recipient_uids').$type<string[]>().notNull().default([]),
    adminUid: text('admin_uid').references(() => users.uid, { onDelete: 'set null' }),
    /** Pushed to the message centre. */
    state: integer('state').notNull().default(1),
    gmtCreate: createdAt(),
    gmtModified: modifiedAt(),
  },
  (t) => [index('admin_notices_time_idx').on(t.gmtCreate)],
);

// ---- contests -------------------------------------------------------------------------------------------------

const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const contests = pgTable(
  'contests',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity({ startWith: 1000 }),
    /** The creator, a contest admin with root. */
    uid: text('uid')
      .notNull()
      .references(() => users.uid),
    author: text('author').notNull(),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    /** 0 ACM, 1 OI; fixed once created. */
    type: integer('type').notNull(),
    /** The contest this one was cloned from, 0 for none. */
    source: integer('source').notNull().default(0),
    /** 0 public, 1 private, 2 protected. */
    auth: integer('auth').notNull().default(0),
    pwd: text('pwd'),
    startTime: at('start_time').notNull(),
    endTime: at('end_time').notNull(),
    sealRank: integer('seal_rank').notNull().default(0),
    sealRankTime: at('seal_rank_time'),
    autoRealRank: integer('auto_real_rank').notNull().default(1),
    visible: integer('visible').notNull().default(1),
    openPrint: integer('open_print').notNull().default(0),
    openRank: integer('open_rank').notNull().default(0),
    openAccountLimit: integer('open_account_limit').notNull().default(0),
    /** HOJ's packed text: <prefix>..</prefix><suffix>..</suffix><start>..</start><end>..</end><extra>..</extra>. */
    accountLimitRule: text('account_limit_rule'),
    /** username | nickname | realname. */
    rankShowName: text('rank_show_name').notNull().default('username'),
    starAccount: jsonb('star_account').$type<string[]>().notNull().default([]),
    /** Recent | Highest. */
    oiRankScoreType: text('oi_rank_score_type').notNull().default('Recent'),
    gid: integer('gid'),
    /** 0 none, 1 by proportion, 2 by number. */
    awardType: integer('award_type').notNull().default(0),
    awardConfig: jsonb('award_config')
      .$type<{ priority: number; name: string; background: string; color: string; num: number }[]>()
      .notNull()
      .default([]),
    allowEndSubmit: integer('allow_end_submit').notNull().default(0),
    /** 1: a visitor who is not signed in sees usernames where the board shows real names (existing contests 0). */
    hideRealNameFromVisitors: integer('hide_real_name_from_visitors').notNull().default(1),
    /** 1: the contest's final standings change its participants' ratings (site contests only). */
    rated: integer('rated').notNull().default(0),
    /** 1: once ended, a user may take it again under his own clock (a virtual participation). */
    allowVirtual: integer('allow_virtual').notNull().default(1),
    /** 1: an exam (decision 0055): registration required, one session per participant, the site closed to
     * participants while it runs. */
    examMode: integer('exam_mode').notNull().default(0),
    /** replace | refuse: what a participant's second login during the exam does. */
    examSessionPolicy: text('exam_session_policy').notNull().default('replace'),
    /** CIDR ranges participants may reach the exam from while it runs; empty: anywhere. */
    allowedAddresses: jsonb('allowed_addresses').$type<string[]>().notNull().default([]),
    /** When this rated contest's rating changes were last computed; null: due once it has ended (a rejudge or a
     * manual judge of its submissions clears it, and the history is computed again from this contest on). */
    ratingComputedAt: timestamp('rating_computed_at', { withTimezone: true, mode: 'date' }),
    /** Bumped by the board trigger on every change of a cell: scoreboard caches compare it. */
    boardVersion: bigint('board_version', { mode: 'number' }).notNull().default(0),
    gmtCreate: createdAt(),
    gmtModified: modifiedAt(),
  },
  (t) => [index('contests_list_idx').on(t.visible, t.gid, t.startTime)],
);

/** A user's virtual participation in an ended contest: its clock runs from `startTime` for the contest's duration.
 * One row per user and contest, the latest run (a new run replaces it once it has ended); `id` is new with every
 * run and marks its submissions (`submissions.vrid`). */
export const contestVirtualRuns = pgTable(
  'contest_virtual_runs',
  {
    cid: integer('cid')
      .notNull()
      .references(() => contests.id, { onDelete: 'cascade' }),
    uid: text('uid')
      .notNull()
      .references(() => users.uid, { onDelete: 'cascade' }),
    id: serial('id').notNull(),
    startTime: timestamp('start_time', { withTimezone: true, mode: 'date' }).notNull(),
    endTime: timestamp('end_time', { withTimezone: true, mode: 'date' }).notNull(),
    /** 1: the user also took part in the contest itself. */
    live: integer('live').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.cid, t.uid] }), uniqueIndex('contest_virtual_runs_id_key').on(t.id)],
);

/** A rated contest's rating changes: one row per participant who submitted, in the order of the final standings. */
export const contestRatings = pgTable(
  'contest_ratings',
  {
    cid: integer('cid')
      .notNull()
      .references(() => contests.id, { onDelete: 'cascade' }),
    uid: text('uid')
      .notNull()
      .references(() => users.uid, { onDelete: 'cascade' }),
    /** The place on the final board (tied participants share it). */
    rank: integer('rank').notNull(),
    oldRating: integer('old_rating').notNull(),
    newRating: integer('new_rating').notNull(),
    performance: integer('performance').notNull(),
    gmtCreate: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.cid, t.uid] }), index('contest_ratings_uid_idx').on(t.uid, t.cid)],
);

export const contestProblems = pgTable(
  'contest_problems',
  {
    id: serial('id').primaryKey(),
    cid: integer('cid')
      .notNull()
      .references(() => contests.id, { onDelete: 'cascade' }),
    pid: integer('pid')
      .notNull()
      .references(() => problems.id, { onDelete: 'cascade' }),
    displayId: text('display_id').notNull(),
    displayTitle: text('display_title').notNull(),
    /** Balloon colour. */
    color: text('color'),
    gmtCreate: createdAt(),
    gmtModified: modifiedAt(),
  },
  (t) => [
    uniqueIndex('contest_problems_display_key').on(t.cid, sql`upper(${t.displayId})`),
    uniqueIndex('contest_problems_pid_key').on(t.cid, t.pid),
  ],
);

export const contestRegisters = pgTable(
  'contest_registers',
  {
    cid: integer('cid')
      .notNull()
      .references(() => contests.id, { onDelete: 'cascade' }),
    uid: text('uid')
      .notNull()
      .references(() => users.uid, { onDelete: 'cascade' }),
    gmtCreate: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.cid, t.uid] })],
);

/** The login that holds a participant's running exam (decision 0055): bound by his first login or call during it,
 * moved by a newer login under the `replace` policy, cleared (`endedAt`) when a contest admin ends it. */
export const contestExamSessions = pgTable(
  'contest_exam_sessions',
  {
    cid: integer('cid')
      .notNull()
      .references(() => contests.id, { onDelete: 'cascade' }),
    uid: text('uid')
      .notNull()
      .references(() => users.uid, { onDelete: 'cascade' }),
    /** sessions.login_id (or id) of the login holding the exam. */
    loginId: bigint('login_id', { mode: 'number' }).notNull(),
    ip: text('ip').notNull().default(''),
    boundAt: timestamp('bound_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    endedAt: timestamp('ended_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [primaryKey({ columns: [t.cid, t.uid] })],
);

/** What happened to the participants' sessions during an exam (contest/exam's EXAM_EVENT_KINDS), for its admins. */
export const contestExamEvents = pgTable(
  'contest_exam_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    cid: integer('cid')
      .notNull()
      .references(() => contests.id, { onDelete: 'cascade' }),
    uid: text('uid')
      .notNull()
      .references(() => users.uid, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    ip: text('ip').notNull().default(''),
    userAgent: text('user_agent').notNull().default(''),
    gmtCreate: createdAt(),
  },
  (t) => [index('contest_exam_events_cid_idx').on(t.cid, t.id)],
);

/** A contest's questions and answers (decision 0055): `uid` the asker, null for an admin's broadcast. */
export const contestClarifications = pgTable(
  'contest_clarifications',
  {
    id: serial('id').primaryKey(),
    cid: integer('cid')
      .notNull()
      .references(() => contests.id, { onDelete: 'cascade' }),
    /** The problem asked about (problems.id), null for the contest as a whole. */
    pid: integer('pid').references(() => problems.id, { onDelete: 'set null' }),
    uid: text('uid').references(() => users.uid, { onDelete: 'cascade' }),
    content: text('content').notNull(),
    answer: text('answer'),
    /** 1: answered to every participant (a broadcast always is). */
    toAll: integer('to_all').notNull().default(0),
    /** Who answered or broadcast it. */
    answeredBy: text('answered_by').references(() => users.uid, { onDelete: 'set null' }),
    answeredAt: timestamp('answered_at', { withTimezone: true, mode: 'date' }),
    gmtCreate: createdAt(),
    gmtModified: modifiedAt(),
  },
  (t) => [index('contest_clarifications_cid_idx').on(t.cid, t.id)],
);

export const contestAnnouncements = pgTable(
  'contest_announcements',
  {
    id: serial('id').primaryKey(),
    cid: integer('cid')
      .notNull()
      .references(() => contests.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    content: text('content').notNull(),
    uid: text('uid')
      .notNull()
      .references(() => users.uid),
    gmtCreate: createdAt(),
    gmtModified: modifiedAt(),
  },
  (t) => [index('contest_announcements_cid_idx').on(t.cid, t.id)],
);

/** One user's standing on one contest problem, real-time and sealed (contest-ranking.ts summarizeCell): kept
 * current by the contest-board trigger on submissions, so a scoreboard reads cells, never submissions. */
export const contestCells = pgTable(
  'contest_cells',
  {
    cid: integer('cid')
      .notNull()
      .references(() => contests.id, { onDelete: 'cascade' }),
    uid: text('uid')
      .notNull()
      .references(() => users.uid, { onDelete: 'cascade' }),
    cpid: integer('cpid')
      .notNull()
      .references(() => contestProblems.id, { onDelete: 'cascade' }),
    total: integer('total').notNull().default(0),
    acTimeS: integer('ac_time_s'),
    errors: integer('errors').notNull().default(0),
    pending: integer('pending').notNull().default(0),
    sealedAcTimeS: integer('sealed_ac_time_s'),
    sealedErrors: integer('sealed_errors').notNull().default(0),
    sealedPending: integer('sealed_pending').notNull().default(0),
    scoreRecent: integer('score_recent'),
    scoreHighest: integer('score_highest'),
    acMinRunMs: integer('ac_min_run_ms'),
    sealedScoreRecent: integer('sealed_score_recent'),
    sealedScoreHighest: integer('sealed_score_highest'),
    sealedAcMinRunMs: integer('sealed_ac_min_run_ms'),
    /** The contest's board_version when the trigger last wrote the cell: a cached board reads only the cells
     * above its version. A cell whose tries are gone stays with total 0 (so that caches see it go). */
    version: bigint('version', { mode: 'number' }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.cid, t.uid, t.cpid] }), index('contest_cells_version_idx').on(t.cid, t.version)],
);

/** Admin-curated "other" contests for the home page. */
export const otherContests = pgTable('other_contests', {
  id: serial('id').primaryKey(),
  title: text('title').notNull(),
  url: text('url').notNull(),
  source: text('source').notNull().default(''),
  startTime: at('start_time').notNull(),
  endTime: at('end_time').notNull(),
  gmtCreate: createdAt(),
});

// ---- contest staff (decision 0009) -------------------------------------------------------------------------

/** A text a participant sent to the contest's printer; the staff mark it printed (0 waiting, 1 printed). */
export const contestPrints = pgTable(
  'contest_prints',
  {
    id: serial('id').primaryKey(),
    cid: integer('cid')
      .notNull()
      .references(() => contests.id, { onDelete: 'cascade' }),
    uid: text('uid')
      .notNull()
      .references(() => users.uid, { onDelete: 'cascade' }),
    content: text('content').notNull(),
    status: integer('status').notNull().default(0),
    gmtCreate: createdAt(),
    gmtModified: modifiedAt(),
  },
  (t) => [index('contest_prints_cid_idx').on(t.cid, t.status, t.id), index('contest_prints_uid_idx').on(t.uid, t.id)],
);

/** A balloon delivered: one per user and contest problem, whichever submission is that user's first AC now
 * (a rejudge may change it; the balloon stays delivered). */
export const contestBalloons = pgTable(
  'contest_balloons',
  {
    cid: integer('cid')
      .notNull()
      .references(() => contests.id, { onDelete: 'cascade' }),
    uid: text('uid')
      .notNull()
      .references(() => users.uid, { onDelete: 'cascade' }),
    cpid: integer('cpid')
      .notNull()
      .references(() => contestProblems.id, { onDelete: 'cascade' }),
    gmtModified: modifiedAt(),
  },
  (t) => [primaryKey({ columns: [t.cid, t.uid, t.cpid] })],
);

// ---- trainings (decision 0019) -------------------------------------------------------------------------------

export const trainingCategories = pgTable('training_categories', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  color: text('color').notNull(),
  /** A group's own category; null for the site's. */
  gid: integer('gid'),
  gmtCreate: createdAt(),
  gmtModified: modifiedAt(),
});

export const trainings = pgTable(
  'trainings',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    /** The creator, who manages it with root and problem_admin. */
    uid: text('uid')
      .notNull()
      .references(() => users.uid),
    author: text('author').notNull(),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    /** Public | Private. */
    auth: text('auth').notNull().default('Public'),
    privatePwd: text('private_pwd'),
    /** 1 visible, 0 hidden. */
    status: integer('status').notNull().default(1),
    /** Ordering number, ascending (default 1000). */
    rank: integer('rank').notNull().default(1000),
    categoryId: integer('category_id').references(() => trainingCategories.id),
    /** A group's training; null for the site's. */
    gid: integer('gid'),
    /** Bumped whenever its rank may show something new (a registered user's cell, a registration, its problems):
     * cached rank pages compare it. */
    rankVersion: bigint('rank_version', { mode: 'number' }).notNull().default(0),
    // Homework (decision 0052): with a due time the training is an assignment; submissions count from openTime to
    // lateUntil (late ones with the penalty, per started day or hour, never below the floor).
    openTime: at('open_time'),
    dueTime: at('due_time'),
    lateUntil: at('late_until'),
    latePenalty: integer('late_penalty').notNull().default(0),
    /** day | hour */
    latePenaltyUnit: text('late_penalty_unit').notNull().default('day'),
    latePenaltyFloor: integer('late_penalty_floor').notNull().default(0),
    /** When the students were told it opened, and reminded before its due time (once, whichever instance does it). */
    openNoticeAt: at('open_notice_at'),
    dueNoticeAt: at('due_notice_at'),
    gmtCreate: createdAt(),
    gmtModified: modifiedAt(),
  },
  (t) => [
    index('trainings_list_idx').on(t.gid, t.status, t.rank, t.id),
    index('trainings_due_idx').on(t.dueTime).where(sql`${t.dueTime} is not null`),
  ],
);

/** A student's homework figures over one assignment's cells (decision 0052), kept by the training cell function:
 * the sum of his counted problem scores (0-100 each), his counted Accepted problems, whether one counted late. The
 * gradebook reads these rows, not the cells. A row exists once he tried something in the training. */
export const homeworkTotals = pgTable(
  'homework_totals',
  {
    tid: integer('tid')
      .notNull()
      .references(() => trainings.id, { onDelete: 'cascade' }),
    uid: text('uid')
      .notNull()
      .references(() => users.uid, { onDelete: 'cascade' }),
    points: doublePrecision('points').notNull().default(0),
    solved: integer('solved').notNull().default(0),
    late: boolean('late').notNull().default(false),
  },
  (t) => [primaryKey({ columns: [t.tid, t.uid] })],
);

/** One student's later due time for an assignment (decision 0052): his late-until moves by as much. */
export const trainingExtensions = pgTable(
  'training_extensions',
  {
    tid: integer('tid')
      .notNull()
      .references(() => trainings.id, { onDelete: 'cascade' }),
    uid: text('uid')
      .notNull()
      .references(() => users.uid, { onDelete: 'cascade' }),
    dueTime: at('due_time').notNull(),
    /** The group admin who set it. */
    setBy: text('set_by').references(() => users.uid, { onDelete: 'set null' }),
    gmtCreate: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.tid, t.uid] })],
);

export const trainingProblems = pgTable(
  'training_problems',
  {
    id: serial('id').primaryKey(),
    tid: integer('tid')
      .notNull()
      .references(() => trainings.id, { onDelete: 'cascade' }),
    pid: integer('pid')
      .notNull()
      .references(() => problems.id, { onDelete: 'cascade' }),
    displayId: text('display_id').notNull(),
    /** Order in the training, ascending, then the id. */
    rank: integer('rank').notNull().default(0),
    gmtCreate: createdAt(),
    gmtModified: modifiedAt(),
  },
  (t) => [
    uniqueIndex('training_problems_pid_key').on(t.tid, t.pid),
    uniqueIndex('training_problems_display_key').on(t.tid, sql`upper(${t.displayId})`),
  ],
);

/** A user registered for a private training, with the totals of their rank row (kept by the training trigger from
 * their cells), so a rank page is an index scan. */
export const trainingRegisters = pgTable(
  'training_registers',
  {
    tid: integer('tid')
      .notNull()
      .references(() => trainings.id, { onDelete: 'cascade' }),
    uid: text('uid')
      .notNull()
      .references(() => users.uid, { onDelete: 'cascade' }),
    ac: integer('ac').notNull().default(0),
    totalRunTime: bigint('total_run_time', { mode: 'number' }).notNull().default(0),
    gmtCreate: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.tid, t.uid] }),
    index('training_registers_rank_idx').on(t.tid, sql`${t.ac} desc`, t.totalRunTime, t.uid),
  ],
);

/** One user's standing on one problem of a training, from their submissions to the training (tid set): any AC
 * wins with its fastest run, else the latest try. Kept current by the training trigger on submissions. */
export const trainingCells = pgTable(
  'training_cells',
  {
    tid: integer('tid')
      .notNull()
      .references(() => trainings.id, { onDelete: 'cascade' }),
    uid: text('uid')
      .notNull()
      .references(() => users.uid, { onDelete: 'cascade' }),
    tpid: integer('tpid')
      .notNull()
      .references(() => trainingProblems.id, { onDelete: 'cascade' }),
    status: integer('status').notNull(),
    score: integer('score'),
    runTime: integer('run_time'),
    /** Homework (decision 0052): the best counted score, 0-100 after the late penalty (null: nothing counted), whether
     * it came late, whether a counted try was accepted; every try's count and the last one's time. */
    hwScore: doublePrecision('hw_score'),
    hwLate: boolean('hw_late').notNull().default(false),
    hwSolved: boolean('hw_solved').notNull().default(false),
    attempts: integer('attempts').notNull().default(0),
    lastSubmitTime: at('last_submit_time'),
  },
  (t) => [primaryKey({ columns: [t.tid, t.uid, t.tpid] })],
);

// ---- discussions, likes, reports and the message centre (decision 0020) -----------------------------------------

export const discussionCategories = pgTable('discussion_categories', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  /** A group's own category; null for the site's. */
  gid: integer('gid'),
  gmtCreate: createdAt(),
  gmtModified: modifiedAt(),
});

export const discussions = pgTable(
  'discussions',
  {
    id: serial('id').primaryKey(),
    categoryId: integer('category_id')
      .notNull()
      .references(() => discussionCategories.id),
    title: text('title').notNull(),
    description: text('description').notNull(),
    content: text('content').notNull(),
    /** The problem it is about (null: a general discussion). */
    pid: integer('pid').references(() => problems.id, { onDelete: 'set null' }),
    uid: text('uid')
      .notNull()
      .references(() => users.uid, { onDelete: 'cascade' }),
    /** The author's badge when posted: root, admin or user. */
    role: text('role').notNull().default('user'),
    viewNum: integer('view_num').notNull().default(0),
    likeNum: integer('like_num').notNull().default(0),
    commentNum: integer('comment_num').notNull().default(0),
    topPriority: integer('top_priority').notNull().default(0),
    /** 0 normal, 1 disabled. */
    status: integer('status').notNull().default(0),
    gid: integer('gid'),
    gmtCreate: createdAt(),
    gmtModified: modifiedAt(),
  },
  (t) => [
    // The list's order (top priority, newest) read off an index: the site's (partial: a `gid is null` condition
    // would not let the planner use the order of an index led by gid), by category, and a group's.
    index('discussions_site_list_idx')
      .on(t.status, sql`${t.topPriority} desc`, sql`${t.gmtCreate} desc`, sql`${t.id} desc`)
      .where(sql`${t.gid} is null`),
    index('discussions_site_category_idx')
      .on(t.categoryId, t.status, sql`${t.topPriority} desc`, sql`${t.gmtCreate} desc`, sql`${t.id} desc`)
      .where(sql`${t.gid} is null`),
    index('discussions_group_list_idx').on(
      t.gid,
      t.status,
      sql`${t.topPriority} desc`,
      sql`${t.gmtCreate} desc`,
      sql`${t.id} desc`,
    ),
    index('discussions_pid_idx').on(t.pid),
    index('discussions_uid_idx').on(t.uid, t.gmtCreate),
  ],
);

/** One row per user and liked discussion: likeNum moves only when a row comes or goes. */
export const discussionLikes = pgTable(
  'discussion_likes',
  {
    did: integer('did')
      .notNull()
      .references(() => discussions.id, { onDelete: 'cascade' }),
    uid: text('uid')
      .notNull()
      .references(() => users.uid, { onDelete: 'cascade' }),
    gmtCreate: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.did, t.uid] })],
);

/** The last counted view of a discussion by a viewer (a uid, or "ip:<address>" for visitors): one per hour. */
export const discussionViews = pgTable(
  'discussion_views',
  {
    did: integer('did')
      .notNull()
      .references(() => discussions.id, { onDelete: 'cascade' }),
    viewer: text('viewer').notNull(),
    viewedAt: timestamp('viewed_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.did, t.viewer] }), index('discussion_views_time_idx').on(t.viewedAt)],
);

export const discussionReports = pgTable(
  'discussion_reports',
  {
    id: serial('id').primaryKey(),
    did: integer('did')
      .notNull()
      .references(() => discussions.id, { onDelete: 'cascade' }),
    reporterUid: text('reporter_uid')
      .notNull()
      .references(() => users.uid, { onDelete: 'cascade' }),
    content: text('content').notNull(),
    /** 0 waiting, 1 handled. */
    status: integer('status').notNull().default(0),
    gmtCreate: createdAt(),
    gmtModified: modifiedAt(),
  },
  (t) => [index('discussion_reports_list_idx').on(t.status, t.id)],
);

/** What someone did to a user's posts (HOJ's msg_remind): Discuss, Reply, Like_Post, Like_Discuss. */
export const userMessages = pgTable(
  'user_messages',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    action: text('action').notNull(),
    sourceId: integer('source_id').notNull(),
    /** Discussion | Contest */
    sourceType: text('source_type').notNull(),
    sourceContent: text('source_content'),
    quoteId: integer('quote_id'),
    quoteType: text('quote_type'),
    url: text('url'),
    recipientUid: text('recipient_uid')
      .notNull()
      .references(() => users.uid, { onDelete: 'cascade' }),
    senderUid: text('sender_uid').references(() => users.uid, { onDelete: 'set null' }),
    /** 0 unread, 1 read. */
    state: integer('state').notNull().default(0),
    gmtCreate: createdAt(),
  },
  (t) => [
    index('user_messages_list_idx').on(t.recipientUid, t.action, t.id),
    index('user_messages_unread_idx').on(t.recipientUid, t.action).where(sql`${t.state} = 0`),
  ],
);

/** What the site tells one user (Mine): group membership, approvals, role or ban changes. */
export const mineMessages = pgTable(
  'mine_messages',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    recipientUid: text('recipient_uid')
      .notNull()
      .references(() => users.uid, { onDelete: 'cascade' }),
    /** Message keys (packages/shared messages.ts), shown in the reader's language with `vars`. */
    title: text('title').notNull(),
    content: text('content').notNull(),
    vars: jsonb('vars').$type<Record<string, string>>().notNull().default({}),
    state: integer('state').notNull().default(0),
    gmtCreate: createdAt(),
  },
  (t) => [index('mine_messages_list_idx').on(t.recipientUid, t.id)],
);

/** A user's state of one admin notice (Sys): read, or cleaned (gone from their list). A notice without a row is
 * unread, so a notice "to all users" is stored once and users who register later see it too. */
export const noticeStates = pgTable(
  'notice_states',
  {
    noticeId: integer('notice_id')
      .notNull()
      .references(() => adminNotices.id, { onDelete: 'cascade' }),
    uid: text('uid')
      .notNull()
      .references(() => users.uid, { onDelete: 'cascade' }),
    cleaned: integer('cleaned').notNull().default(0),
    gmtCreate: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.uid, t.noticeId] })],
);

// ---- comments and replies (decision 0021) -----------------------------------------------------------------

/** A comment under a discussion (`did`) or in a contest (`cid`). */
export const comments = pgTable(
  'comments',
  {
    id: serial('id').primaryKey(),
    did: integer('did').references(() => discussions.id, { onDelete: 'cascade' }),
    cid: integer('cid').references(() => contests.id, { onDelete: 'cascade' }),
    uid: text('uid')
      .notNull()
      .references(() => users.uid, { onDelete: 'cascade' }),
    /** The author's badge when posted: root, admin or user. */
    role: text('role').notNull().default('user'),
    content: text('content').notNull(),
    likeNum: integer('like_num').notNull().default(0),
    gmtCreate: createdAt(),
    gmtModified: modifiedAt(),
  },
  (t) => [
    index('comments_discussion_idx').on(t.did, sql`${t.likeNum} desc`, sql`${t.gmtCreate} desc`),
    index('comments_contest_idx').on(t.cid, sql`${t.likeNum} desc`, sql`${t.gmtCreate} desc`),
  ],
);

export const replies = pgTable(
  'replies',
  {
    id: serial('id').primaryKey(),
    commentId: integer('comment_id')
      .notNull()
      .references(() => comments.id, { onDelete: 'cascade' }),
    uid: text('uid')
      .notNull()
      .references(() => users.uid, { onDelete: 'cascade' }),
    role: text('role').notNull().default('user'),
    /** Whom it answers: the quoted comment's or reply's author. */
    toUid: text('to_uid').references(() => users.uid, { onDelete: 'set null' }),
    content: text('content').notNull(),
    gmtCreate: createdAt(),
    gmtModified: modifiedAt(),
  },
  (t) => [index('replies_comment_idx').on(t.commentId, t.id)],
);

export const commentLikes = pgTable(
  'comment_likes',
  {
    commentId: integer('comment_id')
      .notNull()
      .references(() => comments.id, { onDelete: 'cascade' }),
    uid: text('uid')
      .notNull()
      .references(() => users.uid, { onDelete: 'cascade' }),
    gmtCreate: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.commentId, t.uid] })],
);

// ---- groups (decision 0022) -----------------------------------------------------------------------------------

/** A class: its owner (level 5 in group_members too), who may join (auth 1 public, 2 protected, 3 private with
 * `code`), whether the list shows it to non-members (`visible`), and `status` 1 when the super admin banned it. */
export const groups = pgTable(
  'groups',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    shortName: text('short_name').notNull(),
    brief: text('brief').notNull(),
    description: text('description').notNull(),
    /** The owner. */
    uid: text('uid')
      .notNull()
      .references(() => users.uid),
    auth: integer('auth').notNull().default(1),
    code: text('code'),
    /** 1 listed for everyone, 0 for its members only. */
    visible: integer('visible').notNull().default(1),
    avatar: text('avatar'),
    /** The stored file behind `avatar` (a `files` row of type group-avatar), replaced with it. */
    avatarFile: text('avatar_file'),
    status: integer('status').notNull().default(0),
    /** Accepted problems a member needs to post in the group's discussions and comments; null: the site's. */
    minAcToPost: integer('min_ac_to_post'),
    gmtCreate: createdAt(),
    gmtModified: modifiedAt(),
  },
  (t) => [
    uniqueIndex('groups_name_key').on(sql`lower(${t.name})`),
    uniqueIndex('groups_short_name_key').on(sql`lower(${t.shortName})`),
    index('groups_uid_idx').on(t.uid, t.gmtCreate),
    // The list's pages and totals (normal groups, visible ones for strangers) as index scans; the keyword search
    // has a trigram index of its own (migration 0016).
    index('groups_list_idx').on(t.status, t.visible, t.id),
  ],
);

/** One user's membership of one group: auth 1 applying, 2 refused, 3 member, 4 admin, 5 root. */
export const groupMembers = pgTable(
  'group_members',
  {
    id: serial('id').primaryKey(),
    gid: integer('gid')
      .notNull()
      .references(() => groups.id, { onDelete: 'cascade' }),
    uid: text('uid')
      .notNull()
      .references(() => users.uid, { onDelete: 'cascade' }),
    auth: integer('auth').notNull(),
    reason: text('reason'),
    gmtCreate: createdAt(),
    gmtModified: modifiedAt(),
  },
  (t) => [
    uniqueIndex('group_members_gid_uid_key').on(t.gid, t.uid),
    // The member and application lists' order (level, then who came first) and the member counts.
    index('group_members_gid_auth_idx').on(t.gid, t.auth.desc(), t.id),
    index('group_members_uid_idx').on(t.uid, t.auth, t.gid),
  ],
);

/** Codes sent to an address before there is an account (decision 0025): registration by SMS or e-mail and reset by
 * SMS, one live code per purpose and address, kept hashed; a code works once. */
export const addressCodes = pgTable(
  'address_codes',
  {
    purpose: text('purpose').notNull(),
    address: text('address').notNull(),
    codeHash: text('code_hash').notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true, mode: 'date' }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.purpose, t.address] })],
);

/** Every text message the site sent or tried to send: the embedded provider's outbox, and the record of a gateway's. */
export const smsOutbox = pgTable(
  'sms_outbox',
  {
    id: serial('id').primaryKey(),
    mobile: text('mobile').notNull(),
    purpose: text('purpose').notNull(),
    content: text('content').notNull(),
    provider: text('provider').notNull(),
    ok: integer('ok').notNull(),
    error: text('error'),
    gmtCreate: createdAt(),
  },
  (t) => [index('sms_outbox_mobile_idx').on(t.mobile, t.id)],
);

// ---- live updates (decision 0034) ----------------------------------------------------------------------------

/** Single-use tickets that open one event stream (EventSource cannot send the Authorization header): the sha256 of
 * the ticket and of the session token it stands for, for 30 s. Taken by a DELETE ... RETURNING, so exactly one
 * request gets it. */
export const eventTickets = pgTable('event_tickets', {
  ticketHash: text('ticket_hash').primaryKey(),
  sessionHash: text('session_hash').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
});

/** The event streams open on every server instance, so the per-user limit holds across instances: a row per stream,
 * its `seen_at` refreshed by its instance every 15 s; rows not refreshed for a minute (an instance that died) do not
 * count. */
export const eventStreams = pgTable(
  'event_streams',
  {
    id: text('id').primaryKey(),
    uid: text('uid')
      .notNull()
      .references(() => users.uid, { onDelete: 'cascade' }),
    instance: text('instance').notNull(),
    seenAt: timestamp('seen_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [index('event_streams_uid_idx').on(t.uid), index('event_streams_instance_idx').on(t.instance)],
);

// ---- copy detection ------------------------------------------------------------------------------------------

/** A copy-detection check over one scope (a contest, a training, a group or a problem), run off the request path by
 * the one instance that claims it (lease as judge tasks). */
export const plagiarismChecks = pgTable(
  'plagiarism_checks',
  {
    id: serial('id').primaryKey(),
    /** contest | training | group | problem */
    scopeKind: text('scope_kind').notNull(),
    /** The cid, tid, gid or pid. */
    scopeId: integer('scope_id').notNull(),
    /** 1: every submission; 0: each user's latest accepted one per problem and language. */
    allSubmissions: integer('all_submissions').notNull().default(0),
    /** A problem scope's time range. */
    fromTime: timestamp('from_time', { withTimezone: true, mode: 'date' }),
    toTime: timestamp('to_time', { withTimezone: true, mode: 'date' }),
    /** queued | running | done | failed */
    status: text('status').notNull().default('queued'),
    progressDone: integer('progress_done').notNull().default(0),
    progressTotal: integer('progress_total').notNull().default(0),
    threshold: doublePrecision('threshold').notNull().default(0.5),
    /** 1: the scope's watching check (decision 0050), kept current as submissions are judged; at most one per scope. */
    watching: integer('watching').notNull().default(0),
    pairCount: integer('pair_count').notNull().default(0),
    clusters: jsonb('clusters')
      .$type<{ uids: string[]; pids: number[]; maxSimilarity: number }[]>()
      .notNull()
      .default([]),
    /** What the engine ignored, per problem and language (the template, samples, fragments common to many users). */
    ignored: jsonb('ignored').notNull().default({}),
    error: text('error'),
    /** Who started it. */
    uid: text('uid')
      .notNull()
      .references(() => users.uid, { onDelete: 'cascade' }),
    leaseOwner: text('lease_owner'),
    leaseExpiresAt: timestamp('lease_expires_at', { withTimezone: true, mode: 'date' }),
    finishedAt: timestamp('finished_at', { withTimezone: true, mode: 'date' }),
    gmtCreate: createdAt(),
    gmtModified: modifiedAt(),
  },
  (t) => [
    index('plagiarism_checks_scope_idx').on(t.scopeKind, t.scopeId, t.id),
    index('plagiarism_checks_claim_idx').on(t.status, t.id),
    uniqueIndex('plagiarism_checks_watching_idx').on(t.scopeKind, t.scopeId).where(sql`${t.watching} = 1`),
  ],
);

/** What a check compared on one of its problems, per engine language: the files (submission and user) and a digest
 * of the ignored code, so a watching check's update (decision 0050) compares only what changed; `pending` counts the
 * changes to the problem's selection since (the submissions triggers of migration 0029), claimed with a lease. */
export const plagiarismCheckProblems = pgTable(
  'plagiarism_check_problems',
  {
    checkId: integer('check_id')
      .notNull()
      .references(() => plagiarismChecks.id, { onDelete: 'cascade' }),
    pid: integer('pid').notNull(),
    state: jsonb('state').$type<Record<string, CheckedGroup>>().notNull().default({}),
    pending: integer('pending').notNull().default(0),
    leaseOwner: text('lease_owner'),
    leaseExpiresAt: timestamp('lease_expires_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [
    primaryKey({ columns: [t.checkId, t.pid] }),
    index('plagiarism_check_problems_pending_idx').on(t.checkId).where(sql`${t.pending} > 0`),
  ],
);

/** One problem and engine language of a check as last compared. */
export interface CheckedGroup {
  /** [submitId, uid] of each file compared. */
  files: [number, string][];
  /** A digest of the ignored code (templates, samples, base files) they were compared with. */
  noise: string;
  /** Distinct fingerprints ignored as template and as common. */
  template: number;
  common: number;
}

/** A check's pairs of submissions, one row per pair above the engine's floor, with the matching fragments. */
export const plagiarismPairs = pgTable(
  'plagiarism_pairs',
  {
    checkId: integer('check_id')
      .notNull()
      .references(() => plagiarismChecks.id, { onDelete: 'cascade' }),
    leftSubmitId: bigint('left_submit_id', { mode: 'number' }).notNull(),
    rightSubmitId: bigint('right_submit_id', { mode: 'number' }).notNull(),
    leftUid: text('left_uid').notNull(),
    rightUid: text('right_uid').notNull(),
    pid: integer('pid').notNull(),
    language: text('language').notNull(),
    similarity: doublePrecision('similarity').notNull(),
    longestFragment: integer('longest_fragment').notNull(),
    sharedTokens: integer('shared_tokens').notNull(),
    /** Line/column ranges of the matching fragments on each side. */
    fragments: jsonb('fragments').notNull().default([]),
  },
  (t) => [
    primaryKey({ columns: [t.checkId, t.leftSubmitId, t.rightSubmitId] }),
    index('plagiarism_pairs_rank_idx').on(t.checkId, sql`${t.similarity} desc`),
    // A watching check's update removes the pairs of a submission on either side (the key serves the left).
    index('plagiarism_pairs_right_idx').on(t.checkId, t.rightSubmitId),
  ],
);

/** A submission's fingerprints, computed once per engine version. */
/** An admin's decision on two users (left_uid < right_uid) on a problem of a scope (decision 0049): shown in every
 * check of that scope, not tied to one. */
export const plagiarismDecisions = pgTable(
  'plagiarism_decisions',
  {
    scopeKind: text('scope_kind').notNull(),
    scopeId: integer('scope_id').notNull(),
    pid: integer('pid').notNull(),
    leftUid: text('left_uid').notNull(),
    rightUid: text('right_uid').notNull(),
    /** pending | confirmed | dismissed */
    decision: text('decision').notNull(),
    note: text('note').notNull().default(''),
    /** Who decided last. */
    uid: text('uid').notNull(),
    gmtModified: timestamp('gmt_modified', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.scopeKind, t.scopeId, t.pid, t.leftUid, t.rightUid] })],
);

/** A base file of a problem and engine language in a scope (decision 0049): code the admin hands out (a skeleton),
 * whose fragments the scope's checks ignore, as they ignore the problem's own template. */
export const plagiarismBaseFiles = pgTable(
  'plagiarism_base_files',
  {
    scopeKind: text('scope_kind').notNull(),
    scopeId: integer('scope_id').notNull(),
    pid: integer('pid').notNull(),
    /** The engine's language (c | cpp | java | python | javascript | go). */
    language: text('language').notNull(),
    code: text('code').notNull(),
    uid: text('uid').notNull(),
    gmtModified: timestamp('gmt_modified', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.scopeKind, t.scopeId, t.pid, t.language] })],
);

export const plagiarismFingerprints = pgTable('plagiarism_fingerprints', {
  submitId: bigint('submit_id', { mode: 'number' })
    .primaryKey()
    .references(() => submissions.submitId, { onDelete: 'cascade' }),
  engineVersion: integer('engine_version').notNull(),
  language: text('language').notNull(),
  tokens: integer('tokens').notNull(),
  data: jsonb('data').notNull(),
  gmtCreate: createdAt(),
});

/** A teacher's remark on lines of a submission's code (decision 0053): by an admin of the submission's scope, shown
 * to its owner (a contest's once the contest has ended) and to who may review it. `notifiedAt`: when the owner's
 * message went out (a contest's submission: once the contest has ended). */
export const submissionReviews = pgTable(
  'submission_reviews',
  {
    id: serial('id').primaryKey(),
    submitId: bigint('submit_id', { mode: 'number' })
      .notNull()
      .references(() => submissions.submitId, { onDelete: 'cascade' }),
    uid: text('uid')
      .notNull()
      .references(() => users.uid, { onDelete: 'cascade' }),
    fromLine: integer('from_line').notNull(),
    toLine: integer('to_line').notNull(),
    content: text('content').notNull(),
    notifiedAt: timestamp('notified_at', { withTimezone: true, mode: 'date' }),
    gmtCreate: createdAt(),
    gmtModified: modifiedAt(),
  },
  (t) => [index('submission_reviews_submit_idx').on(t.submitId, t.id)],
);

/** An answer under a review: by the submission's owner or whoever may review it. */
export const submissionReviewReplies = pgTable(
  'submission_review_replies',
  {
    id: serial('id').primaryKey(),
    reviewId: integer('review_id')
      .notNull()
      .references(() => submissionReviews.id, { onDelete: 'cascade' }),
    uid: text('uid')
      .notNull()
      .references(() => users.uid, { onDelete: 'cascade' }),
    content: text('content').notNull(),
    gmtCreate: createdAt(),
  },
  (t) => [index('submission_review_replies_review_idx').on(t.reviewId, t.id)],
);

/** A problem's reference solutions with the verdict each is expected to get (Polygon's tags, decision 0054): the
 * package check runs every one on every test. */
export const problemSolutions = pgTable(
  'problem_solutions',
  {
    id: serial('id').primaryKey(),
    pid: integer('pid')
      .notNull()
      .references(() => problems.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    language: text('language').notNull(),
    code: text('code').notNull(),
    /** SOLUTION_TAGS of the judge protocol: main, accepted, wrong-answer, time-limit-exceeded... */
    tag: text('tag').notNull(),
    gmtCreate: createdAt(),
  },
  (t) => [index('problem_solutions_pid_idx').on(t.pid, t.id)],
);

/** Background imports and package checks (decision 0054), run on a judge as a package task. A Polygon import keeps
 * what it read of the package (`plan`) until its task reports; its problem is made only then, in one transaction. */
export const importJobs = pgTable(
  'import_jobs',
  {
    id: serial('id').primaryKey(),
    /** polygon | check */
    kind: text('kind').$type<'polygon' | 'check'>().notNull(),
    uid: text('uid')
      .notNull()
      .references(() => users.uid, { onDelete: 'cascade' }),
    /** running | done | failed */
    status: text('status').$type<'running' | 'done' | 'failed'>().notNull().default('running'),
    progress: integer('progress').notNull().default(0),
    /** waiting | running | done | failed, with the worker's steps done of its steps while it runs. */
    stage: text('stage').$type<'waiting' | 'running' | 'done' | 'failed'>().notNull().default('waiting'),
    stepsDone: integer('steps_done').notNull().default(0),
    stepsTotal: integer('steps_total').notNull().default(0),
    /** The problem it made (an import, once done) or checks. */
    pid: integer('pid').references(() => problems.id, { onDelete: 'cascade' }),
    title: text('title').notNull().default(''),
    taskId: bigint('task_id', { mode: 'number' }),
    /** What the problem is made from when the task reports (an import's problem graph without its cases). */
    plan: jsonb('plan'),
    /** Test-data hashes the job refers to while it runs (the storage collector keeps them). */
    files: jsonb('files').$type<string[]>().notNull().default([]),
    /** Why it failed, as message keys with their variables (rendered in the reader's language). */
    errors: jsonb('errors').$type<{ key: MessageKey; vars?: Record<string, string> }[]>().notNull().default([]),
    /** The import's notes as message keys with their variables (polygon-package.ts `ImportNote`), rendered in the
     * viewer's language when the job is read. */
    notes: jsonb('notes').$type<{ key: MessageKey; vars?: Record<string, string> }[]>().notNull().default([]),
    /** The package check's report (the task's answer), kept with the problem. */
    report: jsonb('report'),
    gmtCreate: createdAt(),
    gmtModified: modifiedAt(),
  },
  (t) => [index('import_jobs_pid_idx').on(t.pid, t.id)],
);
