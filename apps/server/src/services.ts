import type { Db } from './db/client.js';
import type { NotifyBus } from './db/notify-bus.js';
import { type Logger, logger as serverLogger } from './lib/logger.js';
import { countJudgeReport, judgeLongPollsOpen, sseStreamsOpen } from './lib/metrics.js';
import { createPasswordAttemptsService } from './modules/access/password-attempts.service.js';
import { createAddressRateLimitRepository, createRateLimitRepository } from './modules/access/rate-limit.repository.js';
import { createAdminDashboardRepository } from './modules/admin-dashboard/admin-dashboard.repository.js';
import { createAdminDashboardService } from './modules/admin-dashboard/admin-dashboard.service.js';
import { createAdminProblemRepository } from './modules/admin-problem/admin-problem.repository.js';
import { createAdminProblemService } from './modules/admin-problem/admin-problem.service.js';
import { createMarkdownFileService } from './modules/admin-problem/markdown-file.service.js';
import { createProblemTransferService } from './modules/admin-problem/problem-transfer.service.js';
import { createAdminSiteRepository } from './modules/admin-site/admin-site.repository.js';
import { createAdminSiteService } from './modules/admin-site/admin-site.service.js';
import { createAdminTagRepository } from './modules/admin-tag/admin-tag.repository.js';
import { createAdminTagService } from './modules/admin-tag/admin-tag.service.js';
import { createAdminUserRepository } from './modules/admin-user/admin-user.repository.js';
import { createAdminUserService } from './modules/admin-user/admin-user.service.js';
import { createGeneratedListStore } from './modules/admin-user/generated-list.store.js';
import { createAuditRepository } from './modules/audit/audit.repository.js';
import { createAuditService } from './modules/audit/audit.service.js';
import { createAuthService } from './modules/auth/auth.service.js';
import { createLoginFailureRepository } from './modules/auth/login-failure.repository.js';
import { createLoginVerificationRepository } from './modules/auth/login-verification.repository.js';
import { createLoginVerificationService } from './modules/auth/login-verification.service.js';
import { createSessionRepository } from './modules/auth/session.repository.js';
import { createSessionService } from './modules/auth/session.service.js';
import { withSessionCache } from './modules/auth/session-cache.js';
import { createCommentRepository } from './modules/comment/comment.repository.js';
import { createCommentService } from './modules/comment/comment.service.js';
import { createAdminContestService } from './modules/contest/admin-contest.service.js';
import { createClarificationRepository } from './modules/contest/clarification.repository.js';
import { createClarificationService } from './modules/contest/clarification.service.js';
import { createContestRepository } from './modules/contest/contest.repository.js';
import { createContestService } from './modules/contest/contest.service.js';
import { createContestFileRepository } from './modules/contest/contest-file.repository.js';
import { createContestFileService } from './modules/contest/contest-file.service.js';
import { createContestParticipantsRepository } from './modules/contest/contest-participants.repository.js';
import { createContestParticipantsService } from './modules/contest/contest-participants.service.js';
import { createContestStaffRepository } from './modules/contest/contest-staff.repository.js';
import { createContestStaffService } from './modules/contest/contest-staff.service.js';
import { createExamRepository } from './modules/contest/exam.repository.js';
import { createExamService } from './modules/contest/exam.service.js';
import { createExamPolicy } from './modules/contest/exam-policy.js';
import { createDiscussionRepository } from './modules/discussion/discussion.repository.js';
import { createDiscussionService } from './modules/discussion/discussion.service.js';
import { createGradebookRepository } from './modules/group/gradebook.repository.js';
import { createGradebookService } from './modules/group/gradebook.service.js';
import { createGroupRepository } from './modules/group/group.repository.js';
import { createGroupService } from './modules/group/group.service.js';
import { createGroupContestService } from './modules/group/group-contest.service.js';
import { createGroupMemberService } from './modules/group/group-member.service.js';
import { createGroupPolicy } from './modules/group/group-policy.js';
import { createGroupProblemRepository } from './modules/group/group-problem.repository.js';
import { createGroupProblemRule, createGroupProblemService } from './modules/group/group-problem.service.js';
import { createGroupSubmissionRule } from './modules/group/group-submission.js';
import { createGroupTrainingService } from './modules/group/group-training.service.js';
import { createReviewedSubmissions } from './modules/group/reviewed-submissions.js';
import { createHealthService } from './modules/health/health.service.js';
import { createImageProxyService, type ImageProxyOptions } from './modules/image-proxy/image-proxy.service.js';
import { createJudgeQueueRepository } from './modules/judge/judge-queue.repository.js';
import { createJudgeQueue } from './modules/judge/judge-queue.service.js';
import { createJudgeHeaderRepository, withWorkerHeadersCache } from './modules/judge-header/judge-header.repository.js';
import { createJudgeHeaderService } from './modules/judge-header/judge-header.service.js';
import { createLiveRepository } from './modules/live/live.repository.js';
import { createLiveService, publishClarification } from './modules/live/live.service.js';
import { createMailService } from './modules/mail/mail.service.js';
import { createMessageRepository } from './modules/message/message.repository.js';
import { createMessageService } from './modules/message/message.service.js';
import { createNoticeRepository } from './modules/notice/notice.repository.js';
import { createNoticeService } from './modules/notice/notice.service.js';
import { createPlagiarismRepository } from './modules/plagiarism/plagiarism.repository.js';
import { createPlagiarismService } from './modules/plagiarism/plagiarism.service.js';
import { createPlagiarismRunner } from './modules/plagiarism/plagiarism-runner.js';
import { createProblemRepository } from './modules/problem/problem.repository.js';
import { createProblemCatalogRepository } from './modules/problem/problem-catalog.repository.js';
import { createProblemCatalogService } from './modules/problem/problem-catalog.service.js';
import { createTestDataStore } from './modules/problem/test-data.store.js';
import { createImportJobRepository } from './modules/problem-import/import-job.repository.js';
import { createImportJobService } from './modules/problem-import/import-job.service.js';
import { createProblemImportRepository } from './modules/problem-import/problem-import.repository.js';
import { createProblemImportService } from './modules/problem-import/problem-import.service.js';
import { createRankRepository } from './modules/rank/rank.repository.js';
import { createRankService } from './modules/rank/rank.service.js';
import { createRatingRepository } from './modules/rating/rating.repository.js';
import { createRatingService } from './modules/rating/rating.service.js';
import { createRegistrationRepository } from './modules/registration/registration.repository.js';
import { createRegistrationService } from './modules/registration/registration.service.js';
import { createSmsService } from './modules/registration/sms.service.js';
import { createRemoteAccountRepository } from './modules/remote-judge/remote-account.repository.js';
import { createRemoteImportService } from './modules/remote-judge/remote-import.service.js';
import type { RemoteSites } from './modules/remote-judge/remote-sites.js';
import { createCaptchaService } from './modules/site/captcha.service.js';
import { createSiteRepository } from './modules/site/site.repository.js';
import { createSiteService } from './modules/site/site.service.js';
import { withConfigCache } from './modules/site/site-config-cache.js';
import { createReviewRepository } from './modules/submission/review.repository.js';
import { createReviewService } from './modules/submission/review.service.js';
import { createSubmissionRepository } from './modules/submission/submission.repository.js';
import { createSubmissionService } from './modules/submission/submission.service.js';
import { createSubmissionPublicService } from './modules/submission/submission-public.service.js';
import { createSubmissionQueryRepository } from './modules/submission/submission-query.repository.js';
import { createAdminTrainingService } from './modules/training/admin-training.service.js';
import { createHomeworkNotices } from './modules/training/homework-notices.js';
import { createTrainingRepository } from './modules/training/training.repository.js';
import { createTrainingService } from './modules/training/training.service.js';
import { createStorageCollector } from './modules/upload/storage-collector.js';
import { createUploadRepository } from './modules/upload/upload.repository.js';
import { createUploadQuotaService } from './modules/upload/upload-quota.service.js';
import { createAccountSettingsService } from './modules/user/account-settings.service.js';
import { createImageStore } from './modules/user/avatar.store.js';
import { createUserRepository } from './modules/user/user.repository.js';
import { createUserAccountRepository } from './modules/user/user-account.repository.js';
import { createUserHomeService } from './modules/user/user-home.service.js';

/** Wires repositories into services; the only place that knows how the pieces fit. Each repository, store and
 * service is built once, grouped by area; a service that needs another area's service is given that one. */
export const createServices = (
  db: Db,
  opts: {
    dataDir: string;
    /** The database's LISTEN/NOTIFY bus: wake-ups and invalidations shared by every server instance. */
    bus: NotifyBus;
    now?: () => Date;
    imageProxy?: ImageProxyOptions;
    /** The remote judges' adapters (main.ts: from the environment; tests: the loopback fake). */
    remoteSites?: RemoteSites;
    /** The bound on a remote task's wait for an idle account (tests shorten it). */
    remoteAccountWaitMs?: number;
    /** How long a submission waits for a judge of its language, how long an undeclared language stays on offer, and
     * when the web app says a Pending submission waits for a judge (decision 0036; defaults when not given). */
    judgeLanguages?: { waitMinutes?: number; forgetDays?: number; waitNoticeSeconds?: number };
    /** Where services log, each through a child that names it (lib/logger.ts: the server's logger when not given). */
    logger?: Logger;
  },
) => {
  const { dataDir, bus, now } = opts;
  // One object every service reads the sites from (the tests put a loopback fake's adapters in it).
  const remoteSites: RemoteSites = opts.remoteSites ?? {};
  const logger = opts.logger ?? serverLogger;

  // ---- Site configuration, captchas and mail ----
  // The configuration rows are read from memory, dropped on every instance when one is written.
  const siteRepository = withConfigCache(createSiteRepository(db), bus);
  const site = createSiteService(siteRepository, { judgeWaitNoticeSeconds: opts.judgeLanguages?.waitNoticeSeconds });
  const captcha = createCaptchaService(db, now);
  const mail = createMailService({ site: siteRepository, logger: logger.child({ module: 'mail' }) });

  // ---- Accounts and sessions: users, sign-in (sessions, login failures and verification), password tries ----
  const users = createUserRepository(db);
  const accounts = createUserAccountRepository(db);
  const registrationRepo = createRegistrationRepository(db);
  const ranksRepo = createRankRepository(db);
  // The session behind a token is read from memory, dropped on every instance when the database says it changed.
  const sessions = createSessionService({ sessions: withSessionCache(createSessionRepository(db), bus), now });
  const loginFailures = createLoginFailureRepository(db);
  const loginVerification = createLoginVerificationService({
    repo: createLoginVerificationRepository(db),
    captcha,
    now,
  });
  // Per-user limits: the submit interval and wrong passwords of contests, trainings and groups.
  const rateLimits = createRateLimitRepository(db);
  const passwords = createPasswordAttemptsService({ limits: rateLimits, now });

  // ---- Files under OJ_DATA_DIR: test data, images (avatars, statements, carousel), uploads per user and hour ----
  const testData = createTestDataStore(dataDir);
  const images = createImageStore(dataDir);
  const uploads = createUploadRepository(db);
  const uploadQuota = createUploadQuotaService({ repo: uploads, users, counters: createRateLimitRepository(db), now });

  // ---- Discussions and messages: the message centre, which groups, discussions and the admin area tell users
  // through (the discussion service itself comes after the group policy) ----
  const messages = createMessageService({ repo: createMessageRepository(db) });

  // ---- Operations: the audit log of the admin area's changes ----
  const audit = createAuditService({ repo: createAuditRepository(db), now });

  // ---- Groups, their policy: one policy for every group call; the group variants of problems, trainings,
  // contests and discussions ask it too, so it comes before them ----
  const groupRepo = createGroupRepository(db);
  const groupPolicy = createGroupPolicy(groupRepo);
  const groupProblemRepo = createGroupProblemRepository(db);
  const groupProblemRule = createGroupProblemRule(groupPolicy, groupRepo);

  // ---- Judging: the judge queue (it reads the problem rows) and the internal submission service, the queue's
  // client; the public submission service applies the rules of contests and trainings, so it comes after them ----
  const problems = createProblemRepository(db);
  const judgeHeaderRepo = withWorkerHeadersCache(createJudgeHeaderRepository(db), bus);
  const queue = createJudgeQueue({
    repo: createJudgeQueueRepository(db, now),
    bus,
    problems,
    headers: judgeHeaderRepo,
    now,
    log: logger.child({ module: 'judge-queue' }),
    remoteAccountWaitMs: opts.remoteAccountWaitMs,
    languageWaitMinutes: opts.judgeLanguages?.waitMinutes,
    languageForgetDays: opts.judgeLanguages?.forgetDays,
    onReported: (task, report) => countJudgeReport(task, report, now?.() ?? new Date()),
    onPollsOpen: (open) => judgeLongPollsOpen.set(open),
  });
  // Contest ratings' SQL: the submissions mark a contest's ratings due again when they change a judgement.
  const ratingRepo = createRatingRepository(db);
  const submissions = createSubmissionService({
    repo: createSubmissionRepository(db),
    queue,
    limits: rateLimits,
    now,
    remoteSites,
    ratings: ratingRepo,
  });
  const submissionsQuery = createSubmissionQueryRepository(db);

  // ---- Problems: the catalog, administration (test data, transfer, statement files) and imports ----
  const catalogRepo = createProblemCatalogRepository(db);
  const problemCatalog = createProblemCatalogService({
    remoteSites,
    catalog: catalogRepo,
    problems,
    submissionsQuery,
    queue,
    groupProblems: groupProblemRule,
  });
  const adminProblemRepo = createAdminProblemRepository(db);
  const adminProblems = createAdminProblemService({
    repo: adminProblemRepo,
    problems,
    store: testData,
    submissions,
    quota: uploadQuota,
    groupProblems: groupProblemRule,
    now,
  });
  const problemImportRepo = createProblemImportRepository(db);

  // ---- Contests: the contest service also gates contest submits of the public submit endpoint ----
  const contestRepo = createContestRepository(db);
  // Exams (decision 0055): the policy every call and login asks, fed the exams by a per-process cache that a local
  // contest edit drops.
  const examRepo = createExamRepository(db);
  const examPolicy = createExamPolicy({ repo: examRepo, groupPolicy, sessions, now });
  const contests = createContestService({
    repo: contestRepo,
    problems,
    catalogRepo,
    catalog: problemCatalog,
    internal: submissions,
    passwords,
    groupPolicy,
    examsChanged: examPolicy.changed,
    now,
  });
  // Contest ratings (decision 0046): computed from the contests' final boards.
  const ratings = createRatingService({
    repo: ratingRepo,
    standings: contests.finalStandings,
    now,
    log: logger.child({ module: 'ratings' }),
  });
  const adminContests = createAdminContestService({
    repo: contestRepo,
    problems,
    problemAdmin: adminProblems,
    groupPolicy,
    ratings,
    examsChanged: examPolicy.changed,
    now,
  });

  // ---- Trainings: like contests, the training service gates training submits of the submit endpoint ----
  const trainingRepo = createTrainingRepository(db);
  const trainings = createTrainingService({
    repo: trainingRepo,
    catalogRepo,
    catalog: problemCatalog,
    internal: submissions,
    passwords,
    groupPolicy,
    groupProblemCounts: groupProblemRepo.counts,
    now,
  });
  const adminTrainings = createAdminTrainingService({ repo: trainingRepo, problems, groupPolicy });
  const homework = createHomeworkNotices({ repo: trainingRepo, now });
  const gradebook = createGradebookService({ repo: createGradebookRepository(db), policy: groupPolicy, audit, now });

  // ---- Discussions and comments: authors hear of likes and replies through the message centre ----
  const discussions = createDiscussionService({
    db,
    repo: createDiscussionRepository(db),
    problems,
    site,
    messages,
    groupPolicy,
    now,
  });

  // ---- Groups themselves: membership changes are told through the message centre ----
  const groups = createGroupService({
    db,
    repo: groupRepo,
    policy: groupPolicy,
    site,
    messages,
    images,
    quota: uploadQuota,
    now,
  });

  // ---- Judging, the public side: who may submit and see what, by the rules of contests, trainings and groups ----
  const submissionPublic = createSubmissionPublicService({
    internal: submissions,
    query: submissionsQuery,
    problems,
    testData,
    catalog: problemCatalog,
    site,
    contests,
    trainings,
    groups: createGroupSubmissionRule(groupPolicy),
    now,
    bus,
  });
  // Teachers' reviews of code (decision 0053): by the submission's rule, told through the message centre.
  const reviewRepo = createReviewRepository(db);
  const reviews = createReviewService({ repo: reviewRepo, submissions: submissionPublic, messages, now });

  // ---- Site administration: its users' repository, which the notices read too ----
  const adminUserRepo = createAdminUserRepository(db);

  // ---- Copy detection: checks of a scope for its admins, shown as the submission detail shows code; run in the
  // background by the one instance that claims each (main.ts starts the runner) ----
  const plagiarismRepo = createPlagiarismRepository(db, now);
  const plagiarism = createPlagiarismService({
    repo: plagiarismRepo,
    groupPolicy,
    submissions: submissionPublic,
    audit,
    bus,
  });

  return {
    db,
    bus,
    dataDir,

    // Site configuration, captchas and mail.
    siteRepository,
    site,
    captcha,
    mail,

    // Accounts and sessions: sign-in, registration, ranks, the home page, account settings.
    users,
    sessions,
    loginVerification,
    auth: createAuthService({
      users,
      failures: loginFailures,
      verification: loginVerification,
      sessions,
      exams: examPolicy,
      now,
    }),
    registration: createRegistrationService({
      repo: registrationRepo,
      users,
      accounts,
      sessions,
      site,
      captcha,
      limits: createAddressRateLimitRepository(db),
      sms: createSmsService({
        repo: registrationRepo,
        config: site.registrationConfig,
        logger: logger.child({ module: 'sms' }),
      }),
      mail,
      now,
    }),
    ranks: createRankService({ ranks: ranksRepo, now }),
    userHome: createUserHomeService({ users, accounts, ranks: ranksRepo, submissionsQuery, now }),
    accountSettings: createAccountSettingsService({
      users,
      accounts,
      failures: loginFailures,
      sessions,
      mail,
      site,
      images,
      quota: uploadQuota,
      now,
    }),

    // Files under OJ_DATA_DIR.
    testData,
    /** Uploads per user and hour (a check the upload services make before they store anything). */
    uploadQuota,
    /** Removes unreferenced test data, deleted images and stale temporary files; main.ts starts it. */
    storageCollector: createStorageCollector({ dataDir, repo: uploads, store: testData, now }),
    imageProxy: createImageProxyService({ site, dataDir, now, ...opts.imageProxy }),

    // Problems.
    problems,
    problemCatalog,
    adminProblems,
    problemTransfer: createProblemTransferService({
      repo: adminProblemRepo,
      problems,
      store: testData,
      queueCheckerCompile: adminProblems.queueCheckerCompile,
      headers: judgeHeaderRepo,
    }),
    markdownFiles: createMarkdownFileService({ repo: adminProblemRepo, images, quota: uploadQuota, dataDir }),
    problemImport: createProblemImportService({
      problems,
      store: testData,
      repo: problemImportRepo,
      images,
      queueCheckerCompile: adminProblems.queueCheckerCompile,
    }),
    /** Polygon imports and package checks, run on a judge (decision 0054); main.ts sweeps for the ones to finish. */
    importJobs: createImportJobService({
      repo: createImportJobRepository(db),
      store: testData,
      images,
      imageRecords: problemImportRepo,
      queue,
      problems,
      queueCheckerCompile: adminProblems.queueCheckerCompile,
      managed: adminProblems.managed,
    }),

    // Judging.
    queue,
    submissions,
    submissionPublic,
    /** Reviews of submissions; main.ts sweeps for the owners' messages that waited for their contests to end. */
    reviews,

    // Remote judging.
    /** The remote judges' adapters the importer and the language lists use. */
    remoteSites,
    remoteImport: createRemoteImportService({
      sites: remoteSites,
      problems,
      adminProblems: adminProblemRepo,
      images,
      imageRecords: problemImportRepo,
    }),

    // Contests.
    contests,
    adminContests,
    /** The exam policy: `admit` is part of every call's admission (app.ts), `login` of every login. */
    examPolicy,
    exams: createExamService({ repo: examRepo, policy: examPolicy, sessions, contests, now }),
    /** Contest ratings; main.ts sweeps for the ones due. */
    ratings,
    contestFiles: createContestFileService({ contests, repo: createContestFileRepository(db), contestRepo }),
    contestStaff: createContestStaffService({
      repo: createContestStaffRepository(db),
      contestRepo,
      contests,
      submissions,
      now,
    }),
    /** Contest clarifications (decision 0055), told on the contests' event streams. */
    clarifications: createClarificationService({
      repo: createClarificationRepository(db),
      contests,
      tell: (cid, id, audience) => publishClarification(bus, cid, id, audience),
      now,
    }),
    /** Contest admins register users by name (decision 0055). */
    contestParticipants: createContestParticipantsService({
      repo: createContestParticipantsRepository(db),
      contests,
      examsChanged: examPolicy.changed,
    }),

    // Trainings.
    trainings,
    adminTrainings,
    homework,

    // Discussions and messages.
    messages,
    discussions,
    comments: createCommentService({ db, repo: createCommentRepository(db), site, discussions, contests, messages }),

    // Groups.
    groupPolicy,
    groups,
    groupMembers: createGroupMemberService({
      repo: groupRepo,
      policy: groupPolicy,
      passwords,
      messages,
      users: adminUserRepo,
      changed: groups.listChanged,
    }),
    groupProblems: createGroupProblemService({
      repo: groupProblemRepo,
      groups: groupRepo,
      policy: groupPolicy,
      problems,
      adminProblems,
      messages,
    }),
    groupContests: createGroupContestService({ policy: groupPolicy, contests, admin: adminContests }),
    groupTrainings: createGroupTrainingService({ policy: groupPolicy, trainings, admin: adminTrainings }),
    gradebook,
    reviewedSubmissions: createReviewedSubmissions({ repo: reviewRepo, policy: groupPolicy }),

    // Site administration: users, tags, notices, configuration (and the remote judges' accounts), dashboard.
    adminUsers: createAdminUserService({
      repo: adminUserRepo,
      sessions,
      audit,
      messages,
      generatedLists: createGeneratedListStore(dataDir, now),
      now,
    }),
    adminTags: createAdminTagService({ repo: createAdminTagRepository(db), now }),
    notices: createNoticeService({ repo: createNoticeRepository(db), users: adminUserRepo, now }),
    adminSite: createAdminSiteService({
      repo: createAdminSiteRepository(db),
      site,
      mail,
      images,
      quota: uploadQuota,
      audit,
      remoteAccounts: createRemoteAccountRepository(db),
      dataDir,
      now,
    }),
    adminDashboard: createAdminDashboardService({ repo: createAdminDashboardRepository(db), queue, now }),
    /** The site's judge headers (testlib.h ...), which the queue hands every judge with its tasks. */
    judgeHeaders: createJudgeHeaderService({
      repo: judgeHeaderRepo,
      store: testData,
      audit,
      log: logger.child({ module: 'judge-headers' }),
      now,
    }),

    // Copy detection.
    plagiarism,
    /** Claims and runs queued checks off the request path; main.ts starts it (tests call runOnce). */
    plagiarismRunner: createPlagiarismRunner({
      repo: plagiarismRepo,
      selectionFor: plagiarism.selectionFor,
      log: logger.child({ module: 'plagiarism' }),
      bus,
      now,
    }),

    // Operations.
    audit,
    /** Liveness and readiness (GET /api/health, /api/ready). */
    health: createHealthService({ db, queue }),
    /** Live updates (decision 0034): the event streams of this instance, told through the bus. */
    live: createLiveService({
      repo: createLiveRepository(db),
      bus,
      sessions,
      submissions: submissionPublic,
      contests,
      messages,
      gradebooks: { requireAdmin: (gid, viewer) => groupPolicy.require(gid, viewer, 'admin') },
      onCount: (open) => sseStreamsOpen.set(open),
      now,
      log: logger.child({ module: 'live' }),
    }),
  };
};
export type AppServices = ReturnType<typeof createServices>;
