import pino from 'pino';
import type { Db } from './db/client.js';
import type { NotifyBus } from './db/notify-bus.js';
import { sseStreamsOpen } from './lib/metrics.js';
import { createPasswordAttemptsService } from './modules/access/password-attempts.service.js';
import { createAddressRateLimitRepository, createRateLimitRepository } from './modules/access/rate-limit.repository.js';
import { createAdminDashboardRepository } from './modules/admin-dashboard/admin-dashboard.repository.js';
import { createAdminDashboardService } from './modules/admin-dashboard/admin-dashboard.service.js';
import { createAdminProblemRepository } from './modules/admin-problem/admin-problem.repository.js';
import { createAdminProblemService, type GroupProblemRule } from './modules/admin-problem/admin-problem.service.js';
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
import { createCommentRepository } from './modules/comment/comment.repository.js';
import { createCommentService } from './modules/comment/comment.service.js';
import { createAdminContestService } from './modules/contest/admin-contest.service.js';
import { createContestRepository } from './modules/contest/contest.repository.js';
import { createContestService } from './modules/contest/contest.service.js';
import { createContestFileRepository } from './modules/contest/contest-file.repository.js';
import { createContestFileService } from './modules/contest/contest-file.service.js';
import { createContestStaffRepository } from './modules/contest/contest-staff.repository.js';
import { createContestStaffService } from './modules/contest/contest-staff.service.js';
import { createDiscussionRepository } from './modules/discussion/discussion.repository.js';
import { createDiscussionService } from './modules/discussion/discussion.service.js';
import { createGroupRepository, type GroupRepository } from './modules/group/group.repository.js';
import { createGroupService } from './modules/group/group.service.js';
import { createGroupContestService } from './modules/group/group-contest.service.js';
import { createGroupMemberService } from './modules/group/group-member.service.js';
import { createGroupPolicy, type GroupPolicy } from './modules/group/group-policy.js';
import { createGroupProblemRepository } from './modules/group/group-problem.repository.js';
import { createGroupProblemRule, createGroupProblemService } from './modules/group/group-problem.service.js';
import { createGroupSubmissionRule } from './modules/group/group-submission.js';
import { createGroupTrainingService } from './modules/group/group-training.service.js';
import { createHealthService } from './modules/health/health.service.js';
import { createImageProxyService, type ImageProxyOptions } from './modules/image-proxy/image-proxy.service.js';
import { createJudgeQueue } from './modules/judge/judge-queue.service.js';
import { createLiveRepository } from './modules/live/live.repository.js';
import { createLiveService } from './modules/live/live.service.js';
import { createMailService } from './modules/mail/mail.service.js';
import { createMessageRepository } from './modules/message/message.repository.js';
import { createMessageService } from './modules/message/message.service.js';
import { createNoticeRepository } from './modules/notice/notice.repository.js';
import { createNoticeService } from './modules/notice/notice.service.js';
import { createProblemRepository } from './modules/problem/problem.repository.js';
import { createProblemCatalogRepository } from './modules/problem/problem-catalog.repository.js';
import { createProblemCatalogService } from './modules/problem/problem-catalog.service.js';
import { createTestDataStore } from './modules/problem/test-data.store.js';
import { createProblemImportRepository } from './modules/problem-import/problem-import.repository.js';
import { createProblemImportService } from './modules/problem-import/problem-import.service.js';
import { createRankRepository } from './modules/rank/rank.repository.js';
import { createRankService } from './modules/rank/rank.service.js';
import { createRegistrationRepository } from './modules/registration/registration.repository.js';
import { createRegistrationService } from './modules/registration/registration.service.js';
import { createSmsService } from './modules/registration/sms.service.js';
import { createRemoteAccountRepository } from './modules/remote-judge/remote-account.repository.js';
import { createRemoteImportService } from './modules/remote-judge/remote-import.service.js';
import type { RemoteSites } from './modules/remote-judge/remote-sites.js';
import { createCaptchaService } from './modules/site/captcha.service.js';
import { createSiteRepository } from './modules/site/site.repository.js';
import { createSiteService } from './modules/site/site.service.js';
import { createSubmissionService } from './modules/submission/submission.service.js';
import { createSubmissionPublicService } from './modules/submission/submission-public.service.js';
import { createSubmissionQueryRepository } from './modules/submission/submission-query.repository.js';
import { createAdminTrainingService } from './modules/training/admin-training.service.js';
import { createTrainingRepository } from './modules/training/training.repository.js';
import { createTrainingService } from './modules/training/training.service.js';
import { createStorageCollector } from './modules/upload/storage-collector.js';
import { createUploadRepository } from './modules/upload/upload.repository.js';
import { createUploadQuotaService, type UploadQuotaService } from './modules/upload/upload-quota.service.js';
import { createAccountSettingsService } from './modules/user/account-settings.service.js';
import { createImageStore } from './modules/user/avatar.store.js';
import { createUserRepository } from './modules/user/user.repository.js';
import { createUserAccountRepository } from './modules/user/user-account.repository.js';
import { createUserHomeService } from './modules/user/user-home.service.js';

/** Wires repositories into services; the only place that knows how the pieces fit. */
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
  },
) => {
  // One object every service reads the sites from (the tests put a loopback fake's adapters in it).
  const remoteSites: RemoteSites = opts.remoteSites ?? {};
  opts = { ...opts, remoteSites };
  const users = createUserRepository(db);
  const siteRepository = createSiteRepository(db);
  const problems = createProblemRepository(db);
  const queue = createJudgeQueue({
    db,
    bus: opts.bus,
    problems,
    now: opts.now,
    remoteAccountWaitMs: opts.remoteAccountWaitMs,
  });
  const sessions = createSessionService({ sessions: createSessionRepository(db), now: opts.now });
  const uploads = createUploadRepository(db);
  const uploadQuota = createUploadQuotaService({ repo: uploads, users, now: opts.now });
  const site = createSiteService(siteRepository);
  const testData = createTestDataStore(opts.dataDir);
  const captcha = createCaptchaService(db, opts.now);
  const loginVerification = createLoginVerificationService({
    repo: createLoginVerificationRepository(db),
    captcha,
    now: opts.now,
  });
  // Groups (issues 19-21): one policy for every group call, the group variants of problems, trainings, contests and
  // discussions too; the admin problem service asks its rule for every group problem.
  const groupRepo = createGroupRepository(db);
  const groupPolicy = createGroupPolicy(groupRepo);
  const groupProblemRule = createGroupProblemRule(groupPolicy, groupRepo);
  const publicServices = createPublicServices(
    db,
    { users, problems, queue, sessions, siteRepository, uploadQuota, groupRepo, groupPolicy, groupProblemRule },
    opts,
  );
  const registrationRepo = createRegistrationRepository(db);
  const adminServices = createAdminServices(
    db,
    { problems, queue, uploadQuota, groupProblems: groupProblemRule, groupPolicy },
    opts,
  );
  return {
    db,
    bus: opts.bus,
    dataDir: opts.dataDir,
    users,
    sessions,
    auth: createAuthService({
      users,
      failures: createLoginFailureRepository(db),
      verification: loginVerification,
      sessions,
      now: opts.now,
    }),
    loginVerification,
    siteRepository,
    site,
    captcha,
    problems,
    queue,
    /** Liveness and readiness (GET /api/health, /api/ready). */
    health: createHealthService({ db, queue }),
    testData,
    /** Uploads per user and hour (a check the upload services make before they store anything). */
    uploadQuota,
    /** Removes unreferenced test data, deleted images and stale temporary files; main.ts starts it. */
    storageCollector: createStorageCollector({
      dataDir: opts.dataDir,
      repo: uploads,
      store: testData,
      now: opts.now,
    }),
    imageProxy: createImageProxyService({
      site,
      dataDir: opts.dataDir,
      now: opts.now,
      ...opts.imageProxy,
    }),
    submissions: createSubmissionService({ db, queue, now: opts.now, remoteSites: opts.remoteSites }),
    ...publicServices,
    ...adminServices,
    groupProblems: createGroupProblemService({
      repo: createGroupProblemRepository(db),
      groups: groupRepo,
      policy: groupPolicy,
      problems,
      adminProblems: adminServices.adminProblems,
      messages: publicServices.messages,
    }),
    registration: createRegistrationService({
      repo: registrationRepo,
      users,
      accounts: createUserAccountRepository(db),
      sessions,
      site,
      captcha,
      limits: createAddressRateLimitRepository(db),
      sms: createSmsService({
        repo: registrationRepo,
        config: site.registrationConfig,
        logger: pino({ level: process.env.LOG_LEVEL ?? 'info' }),
      }),
      mail: publicServices.mail,
      now: opts.now,
    }),
    /** The remote judges' adapters the importer and the language lists use. */
    remoteSites,
    remoteImport: createRemoteImportService({
      sites: remoteSites,
      problems,
      adminProblems: createAdminProblemRepository(db),
      images: createImageStore(opts.dataDir),
      imageRecords: createProblemImportRepository(db),
    }),
    groupContests: createGroupContestService({
      policy: groupPolicy,
      contests: publicServices.contests,
      admin: adminServices.adminContests,
    }),
    groupTrainings: createGroupTrainingService({
      policy: groupPolicy,
      trainings: publicServices.trainings,
      admin: adminServices.adminTrainings,
    }),
    ...createSiteAdminServices(db, { sessions, siteRepository, problems, uploadQuota }, opts),
    /** Live updates (issue 29, decision 0034): the event streams of this instance, told through the bus. */
    live: createLiveService({
      repo: createLiveRepository(db),
      bus: opts.bus,
      sessions,
      submissions: publicServices.submissionPublic,
      contests: publicServices.contests,
      messages: publicServices.messages,
      onCount: (open) => sseStreamsOpen.set(open),
      now: opts.now,
    }),
  };
};

/** Problems, submissions, ranks, user home and settings (issue 4): the public endpoints' services. */
const createPublicServices = (
  db: Db,
  base: {
    users: ReturnType<typeof createUserRepository>;
    problems: ReturnType<typeof createProblemRepository>;
    queue: ReturnType<typeof createJudgeQueue>;
    sessions: ReturnType<typeof createSessionService>;
    siteRepository: ReturnType<typeof createSiteRepository>;
    uploadQuota: UploadQuotaService;
    groupRepo: GroupRepository;
    groupPolicy: GroupPolicy;
    groupProblemRule: GroupProblemRule;
  },
  opts: { dataDir: string; now?: () => Date; remoteSites?: RemoteSites },
) => {
  // Stateless services shared in shape with the ones above; built here so the wiring above stays untouched.
  const site = createSiteService(base.siteRepository);
  const internal = createSubmissionService({ db, queue: base.queue, now: opts.now, remoteSites: opts.remoteSites });
  const submissionsQuery = createSubmissionQueryRepository(db);
  const ranksRepo = createRankRepository(db);
  const accounts = createUserAccountRepository(db);
  const problemCatalog = createProblemCatalogService({
    remoteSites: opts.remoteSites,
    catalog: createProblemCatalogRepository(db),
    problems: base.problems,
    submissionsQuery,
    queue: base.queue,
    groupProblems: base.groupProblemRule,
  });
  // Contests (issue 7): the contest service also gates contest submits of the public submit endpoint.
  const contestRepo = createContestRepository(db);
  const passwords = createPasswordAttemptsService({ limits: createRateLimitRepository(db), now: opts.now });
  const contestService = createContestService({
    repo: contestRepo,
    problems: base.problems,
    catalogRepo: createProblemCatalogRepository(db),
    catalog: problemCatalog,
    internal,
    passwords,
    groupPolicy: base.groupPolicy,
    now: opts.now,
  });
  // Trainings (issue 16): like contests, the training service gates training submits of the submit endpoint.
  const trainingService = createTrainingService({
    repo: createTrainingRepository(db),
    catalogRepo: createProblemCatalogRepository(db),
    catalog: problemCatalog,
    internal,
    passwords,
    groupPolicy: base.groupPolicy,
    groupProblemCounts: createGroupProblemRepository(db).counts,
  });
  // The message centre (issue 17): discussions tell authors about likes through it.
  const messages = createMessageService({ repo: createMessageRepository(db) });
  const discussions = createDiscussionService({
    db,
    repo: createDiscussionRepository(db),
    problems: base.problems,
    site,
    messages,
    groupPolicy: base.groupPolicy,
    now: opts.now,
  });
  const mail = createMailService({
    site: base.siteRepository,
    logger: pino({ level: process.env.LOG_LEVEL ?? 'info' }),
  });
  // Groups (issue 19): membership changes are told through the message centre.
  const { groupRepo, groupPolicy } = base;
  const groups = createGroupService({
    db,
    repo: groupRepo,
    policy: groupPolicy,
    site,
    messages,
    images: createImageStore(opts.dataDir),
    quota: base.uploadQuota,
    now: opts.now,
  });
  return {
    contests: contestService,
    trainings: trainingService,
    messages,
    groupPolicy,
    groups,
    groupMembers: createGroupMemberService({
      repo: groupRepo,
      policy: groupPolicy,
      passwords,
      messages,
      changed: groups.listChanged,
    }),
    discussions,
    comments: createCommentService({
      db,
      repo: createCommentRepository(db),
      site,
      discussions,
      contests: contestService,
      messages,
    }),
    contestFiles: createContestFileService({
      contests: contestService,
      repo: createContestFileRepository(db),
      contestRepo,
    }),
    contestStaff: createContestStaffService({
      repo: createContestStaffRepository(db),
      contestRepo,
      contests: contestService,
      submissions: internal,
      now: opts.now,
    }),
    problemCatalog,
    submissionPublic: createSubmissionPublicService({
      internal,
      query: submissionsQuery,
      problems: base.problems,
      catalog: problemCatalog,
      site,
      contests: contestService,
      trainings: trainingService,
      groups: createGroupSubmissionRule(base.groupPolicy),
      now: opts.now,
    }),
    ranks: createRankService({ ranks: ranksRepo, now: opts.now }),
    mail,
    userHome: createUserHomeService({
      users: base.users,
      accounts,
      ranks: ranksRepo,
      submissionsQuery,
      now: opts.now,
    }),
    accountSettings: createAccountSettingsService({
      users: base.users,
      accounts,
      failures: createLoginFailureRepository(db),
      sessions: base.sessions,
      mail,
      site,
      images: createImageStore(opts.dataDir),
      quota: base.uploadQuota,
      now: opts.now,
    }),
  };
};

/** The admin area (issue 5): problem administration, test data, import/export, statement files, dashboard. */
const createAdminServices = (
  db: Db,
  base: {
    problems: ReturnType<typeof createProblemRepository>;
    queue: ReturnType<typeof createJudgeQueue>;
    uploadQuota: UploadQuotaService;
    groupProblems: GroupProblemRule;
    groupPolicy: GroupPolicy;
  },
  opts: { dataDir: string; now?: () => Date; remoteSites?: RemoteSites },
) => {
  // Stateless like the public services: the store is a directory, the submission service a queue client.
  const repo = createAdminProblemRepository(db);
  const testData = createTestDataStore(opts.dataDir);
  const submissions = createSubmissionService({ db, queue: base.queue, now: opts.now, remoteSites: opts.remoteSites });
  const quota = base.uploadQuota;
  const adminProblems = createAdminProblemService({
    repo,
    problems: base.problems,
    store: testData,
    submissions,
    quota,
    groupProblems: base.groupProblems,
    now: opts.now,
  });
  return {
    adminProblems,
    adminContests: createAdminContestService({
      repo: createContestRepository(db),
      problems: base.problems,
      problemAdmin: adminProblems,
      groupPolicy: base.groupPolicy,
      now: opts.now,
    }),
    adminTrainings: createAdminTrainingService({
      repo: createTrainingRepository(db),
      problems: base.problems,
      groupPolicy: base.groupPolicy,
    }),
    problemTransfer: createProblemTransferService({ repo, problems: base.problems, store: testData }),
    markdownFiles: createMarkdownFileService({
      repo,
      images: createImageStore(opts.dataDir),
      quota,
      dataDir: opts.dataDir,
    }),
    adminDashboard: createAdminDashboardService({ repo: createAdminDashboardRepository(db), now: opts.now }),
  };
};
/** The admin area, part 2 (issue 6): users, tags, announcements, notices, configuration, audit log, imports. */
const createSiteAdminServices = (
  db: Db,
  base: {
    sessions: ReturnType<typeof createSessionService>;
    siteRepository: ReturnType<typeof createSiteRepository>;
    problems: ReturnType<typeof createProblemRepository>;
    uploadQuota: UploadQuotaService;
  },
  opts: { dataDir: string; now?: () => Date },
) => {
  const audit = createAuditService({ repo: createAuditRepository(db), now: opts.now });
  const userRepo = createAdminUserRepository(db);
  // The mail service keeps no state besides its logger; this one shares the configuration table.
  const mail = createMailService({
    site: base.siteRepository,
    logger: pino({ level: process.env.LOG_LEVEL ?? 'info' }),
  });
  return {
    audit,
    adminUsers: createAdminUserService({
      repo: userRepo,
      sessions: base.sessions,
      audit,
      messages: createMessageService({ repo: createMessageRepository(db) }),
      generatedLists: createGeneratedListStore(opts.dataDir, opts.now),
      now: opts.now,
    }),
    adminTags: createAdminTagService({ repo: createAdminTagRepository(db), now: opts.now }),
    notices: createNoticeService({ repo: createNoticeRepository(db), users: userRepo, now: opts.now }),
    adminSite: createAdminSiteService({
      repo: createAdminSiteRepository(db),
      site: createSiteService(base.siteRepository),
      mail,
      images: createImageStore(opts.dataDir),
      quota: base.uploadQuota,
      audit,
      remoteAccounts: createRemoteAccountRepository(db),
      now: opts.now,
    }),
    problemImport: createProblemImportService({
      problems: base.problems,
      store: createTestDataStore(opts.dataDir),
      repo: createProblemImportRepository(db),
      images: createImageStore(opts.dataDir),
    }),
  };
};
export type AppServices = ReturnType<typeof createServices>;
