/**
 * The browser's entry of @oj/shared (decision 0005): what the main entry (index.ts) offers, without zod. Endpoints
 * are their metadata, typed with their input and output (ClientEndpoint); the contract namespaces are generated
 * from the contract (client-contract/, scripts/generate-client.ts); the rest are the zod-free modules. Schemas are
 * types here, never values, so the browser cannot run one and its bundle carries no zod.
 */
export * from './ac-rate.js';
export * from './audit-action-names.js';
export * as account from './client-contract/account.js';
export * as adminAnnouncement from './client-contract/admin-announcement.js';
export * as adminConfig from './client-contract/admin-config.js';
export * as adminContest from './client-contract/admin-contest.js';
export * as adminDashboard from './client-contract/admin-dashboard.js';
export * as adminJudgeHeader from './client-contract/admin-judge-header.js';
export * as adminProblem from './client-contract/admin-problem.js';
export * as adminTag from './client-contract/admin-tag.js';
export * as adminTraining from './client-contract/admin-training.js';
export * as adminUser from './client-contract/admin-user.js';
export * as audit from './client-contract/audit.js';
export * as comment from './client-contract/comment.js';
export * as contest from './client-contract/contest.js';
export * as contestStaff from './client-contract/contest-staff.js';
export * as discussion from './client-contract/discussion.js';
export * as exam from './client-contract/exam.js';
export * as file from './client-contract/file.js';
export * as gradebook from './client-contract/gradebook.js';
export * as group from './client-contract/group.js';
export * as groupContest from './client-contract/group-contest.js';
export * as groupDiscussion from './client-contract/group-discussion.js';
export * as groupProblem from './client-contract/group-problem.js';
export * as groupTraining from './client-contract/group-training.js';
export * as health from './client-contract/health.js';
export * as home from './client-contract/home.js';
export * as imageProxy from './client-contract/image-proxy.js';
export * as importFormats from './client-contract/import-formats.js';
export * as judgeProtocol from './client-contract/judge-protocol.js';
export * as live from './client-contract/live.js';
export * as msg from './client-contract/message.js';
export * as notice from './client-contract/notice.js';
export * as packageCheck from './client-contract/package-check.js';
export * as plagiarism from './client-contract/plagiarism.js';
export * as problem from './client-contract/problem.js';
export * as rank from './client-contract/rank.js';
export * as rating from './client-contract/rating.js';
export * as registration from './client-contract/registration.js';
export * as remoteJudge from './client-contract/remote-judge.js';
export * as review from './client-contract/review.js';
export * as submission from './client-contract/submission.js';
export * as training from './client-contract/training.js';
export * as user from './client-contract/user.js';
export * from './code-lines.js';
export { columnTabWidthOf, parseDiagnostics, sourceFileOf } from './compile-diagnostics.js';
export * from './contest-awards.js';
export type { UserInfo } from './contract/account.js';
export type { EmailConfig, SwitchConfig } from './contract/admin-config.js';
export type { AdminContest, AdminOtherContest, ContestForm } from './contract/admin-contest.js';
export type { JudgeWorker, QueueEntry } from './contract/admin-dashboard.js';
export type { JudgeHeader } from './contract/admin-judge-header.js';
export type { AdminProblem, CheckerState, ProblemCase, ProblemDto } from './contract/admin-problem.js';
export type { AdminTraining, TrainingDto, TrainingForm, TrainingProblemEntry } from './contract/admin-training.js';
export type { AdminUser } from './contract/admin-user.js';
export type { AuditAction, AuditEntry } from './contract/audit.js';
export type { Comment, Reply } from './contract/comment.js';
export type {
  AcmContestRankRow,
  Contest,
  ContestAnnouncement,
  ContestProblem,
  OiContestRankRow,
  VirtualRun,
} from './contract/contest.js';
export type { ContestAcInfo, ContestPrint, ScrollBoardSubmission } from './contract/contest-staff.js';
export type {
  Discussion,
  DiscussionCategory,
  DiscussionForm,
  DiscussionReport,
  PostPermission,
} from './contract/discussion.js';
export type { Clarification, ExamEvent, ExamEventKind, ExamParticipant, ExamSessionPolicy } from './contract/exam.js';
export type { UploadedFile } from './contract/file.js';
export type {
  AssignmentKind,
  AssignmentMatrix,
  AssignmentProblemCell,
  Gradebook,
  GradebookAssignment,
  GradebookCell,
  GradebookStudent,
  LiveGradebookEvent,
  StuckStudent,
  TrainingExtension,
} from './contract/gradebook.js';
export type {
  Group,
  GroupAnnouncement,
  GroupForm,
  GroupMember,
  GroupRankRow,
  GroupRole,
  UserSuggestion,
} from './contract/group.js';
export type { GroupProblemItem } from './contract/group-problem.js';
export type { Announcement, WebsiteConfig } from './contract/home.js';
export type { ExternalImageMode } from './contract/image-proxy.js';
export type { ImportJob, ImportJobStatus, ImportReport } from './contract/import-formats.js';
export type {
  CompileReport,
  JudgeHeaderForWorker,
  JudgeReport,
  JudgeTask,
  PackageFileForWorker,
  PackageProgram,
  PackageReport,
  PackageTask,
  PackageTestForWorker,
  ProblemForWorker,
  RemoteJudgeTask,
  SolutionTag,
  TestRunReport,
} from './contract/judge-protocol.js';
export type { LiveContestEvent, LiveEventMap, LiveSubmissionEvent } from './contract/live.js';
export type { MessageKind, SysMessage, UnreadCounts, UserMessage } from './contract/message.js';
export type { AdminNotice, NoticeType } from './contract/notice.js';
export type { PackageCheckReport, ProblemSolution } from './contract/package-check.js';
export type {
  PlagiarismBaseFile,
  PlagiarismCheck,
  PlagiarismCheckSummary,
  PlagiarismCluster,
  PlagiarismDecision,
  PlagiarismFragment,
  PlagiarismPairDetail,
  PlagiarismPairRecord,
  PlagiarismRange,
  PlagiarismScope,
  PlagiarismScopeKind,
} from './contract/plagiarism.js';
export type { FullScreenProblem, Language, Problem, ProblemListItem, Tag } from './contract/problem.js';
export type { AcmRankRow, OiRankRow, RatingRankRow } from './contract/rank.js';
export type { RatingHistoryEntry } from './contract/rating.js';
export type { Registration, RegistrationConfig, SmsMessage } from './contract/registration.js';
export type { ImportedRemoteProblem } from './contract/remote-judge.js';
export type { Review, ReviewedSubmission, ReviewReply } from './contract/review.js';
export type { Diagnostic, FirstFailure, Submission } from './contract/submission.js';
export type {
  HomeworkState,
  LatePenaltyUnit,
  Training,
  TrainingAuth,
  TrainingCategory,
  TrainingProblem,
  TrainingRankRow,
} from './contract/training.js';
export type { UserHome } from './contract/user.js';
export * from './discussion-categories.js';
export {
  BIG_ID,
  type ClientEndpoint,
  type ClientInput as Input,
  type ClientOutput as Output,
  type EndpointMeta,
  type Envelope,
  HTTP,
  type HttpMethod,
  INT32,
  MAX_PAGE_SIZE,
  type Page,
  type SwitchKey,
} from './endpoint-meta.js';
export * from './judge.js';
export * from './limits.js';
export * from './messages.js';
export * from './problem-cases.js';
export type { ProblemPackage, ProblemPackageCase } from './problem-package.js';
export * from './rating-bands.js';
export * from './roles.js';
