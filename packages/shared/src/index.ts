export * from './api.js';
export type { UserInfo } from './contract/account.js';
export * as account from './contract/account.js';
export type { Announcement, WebsiteConfig } from './contract/home.js';
export * as home from './contract/home.js';
export type {
  CompileReport,
  JudgeReport,
  JudgeTask,
  ProblemForWorker,
  TestRunReport,
} from './contract/judge-protocol.js';
export * as judgeProtocol from './contract/judge-protocol.js';
export * from './judge.js';
export * from './limits.js';
export * from './messages.js';
export * from './roles.js';
export * from './problem-package.js';
