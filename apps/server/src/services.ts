import type { Db } from './db/client.js';
import { createAuthService } from './modules/auth/auth.service.js';
import { createLoginFailureRepository } from './modules/auth/login-failure.repository.js';
import { createSessionRepository } from './modules/auth/session.repository.js';
import { createSessionService } from './modules/auth/session.service.js';
import { createJudgeQueue } from './modules/judge/judge-queue.service.js';
import { createProblemRepository } from './modules/problem/problem.repository.js';
import { createTestDataStore } from './modules/problem/test-data.store.js';
import { createCaptchaService } from './modules/site/captcha.service.js';
import { createSiteRepository } from './modules/site/site.repository.js';
import { createSiteService } from './modules/site/site.service.js';
import { createSubmissionService } from './modules/submission/submission.service.js';
import { createUserRepository } from './modules/user/user.repository.js';

/** Wires repositories into services; the only place that knows how the pieces fit. */
export const createServices = (db: Db, opts: { dataDir: string; now?: () => Date }) => {
  const users = createUserRepository(db);
  const problems = createProblemRepository(db);
  const queue = createJudgeQueue({ db, problems, now: opts.now });
  const sessions = createSessionService({ sessions: createSessionRepository(db), users, now: opts.now });
  return {
    db,
    users,
    sessions,
    auth: createAuthService({ users, failures: createLoginFailureRepository(db), sessions, now: opts.now }),
    site: createSiteService(createSiteRepository(db)),
    captcha: createCaptchaService(db, opts.now),
    problems,
    queue,
    testData: createTestDataStore(opts.dataDir),
    submissions: createSubmissionService({ db, queue, now: opts.now }),
  };
};
export type AppServices = ReturnType<typeof createServices>;
