export * from './ac-rate.js';
export * from './api.js';
export * from './audit-action-names.js';
export * from './code-lines.js';
export * from './compile-diagnostics.js';
export * from './contest-awards.js';
export type { UserInfo } from './contract/account.js';
export * as account from './contract/account.js';
export * as adminAnnouncement from './contract/admin-announcement.js';
export type { DbAndRedisConfig, EmailConfig, SwitchConfig } from './contract/admin-config.js';
export * as adminConfig from './contract/admin-config.js';
export type { AdminContest, AdminOtherContest, ContestForm } from './contract/admin-contest.js';
export * as adminContest from './contract/admin-contest.js';
export type { JudgeWorker, QueueEntry } from './contract/admin-dashboard.js';
export * as adminDashboard from './contract/admin-dashboard.js';
export type { JudgeHeader } from './contract/admin-judge-header.js';
export * as adminJudgeHeader from './contract/admin-judge-header.js';
export type { AdminProblem, CheckerState, ProblemCase, ProblemDto } from './contract/admin-problem.js';
export * as adminProblem from './contract/admin-problem.js';
export * as adminTag from './contract/admin-tag.js';
export type { AdminTraining, TrainingDto, TrainingForm, TrainingProblemEntry } from './contract/admin-training.js';
export * as adminTraining from './contract/admin-training.js';
export type { AdminUser } from './contract/admin-user.js';
export * as adminUser from './contract/admin-user.js';
export type { AuditAction, AuditEntry } from './contract/audit.js';
export * as audit from './contract/audit.js';
export type { Comment, Reply } from './contract/comment.js';
export * as comment from './contract/comment.js';
export type {
  AcmContestRankRow,
  Contest,
  ContestAnnouncement,
  ContestProblem,
  OiContestRankRow,
  VirtualRun,
} from './contract/contest.js';
export * as contest from './contract/contest.js';
export type { ContestAcInfo, ContestPrint, ScrollBoardSubmission } from './contract/contest-staff.js';
export * as contestStaff from './contract/contest-staff.js';
export type {
  Discussion,
  DiscussionCategory,
  DiscussionForm,
  DiscussionReport,
  PostPermission,
} from './contract/discussion.js';
export * as discussion from './contract/discussion.js';
export type { Clarification, ExamEvent, ExamEventKind, ExamParticipant, ExamSessionPolicy } from './contract/exam.js';
export * as exam from './contract/exam.js';
export { EXAM, EXAM_EVENT_KINDS, EXAM_SESSION_POLICIES } from './contract/exam.js';
export type { UploadedFile } from './contract/file.js';
export * as file from './contract/file.js';
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
export * as gradebook from './contract/gradebook.js';
export type {
  Group,
  GroupAnnouncement,
  GroupForm,
  GroupMember,
  GroupRankRow,
  GroupRole,
  UserSuggestion,
} from './contract/group.js';
export * as group from './contract/group.js';
export * as groupContest from './contract/group-contest.js';
export * as groupDiscussion from './contract/group-discussion.js';
export type { GroupProblemItem } from './contract/group-problem.js';
export * as groupProblem from './contract/group-problem.js';
export * as groupTraining from './contract/group-training.js';
export * as health from './contract/health.js';
export type { Announcement, WebsiteConfig } from './contract/home.js';
export * as home from './contract/home.js';
export type { ExternalImageMode } from './contract/image-proxy.js';
export * as imageProxy from './contract/image-proxy.js';
export type { ImportJob, ImportJobStatus, ImportReport } from './contract/import-formats.js';
export * as importFormats from './contract/import-formats.js';
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
export * as judgeProtocol from './contract/judge-protocol.js';
export type { LiveContestEvent, LiveEventMap, LiveSubmissionEvent } from './contract/live.js';
export * as live from './contract/live.js';
export type { MessageKind, SysMessage, UnreadCounts, UserMessage } from './contract/message.js';
export * as msg from './contract/message.js';
export type { AdminNotice, NoticeType } from './contract/notice.js';
export * as notice from './contract/notice.js';
export type { PackageCheckReport, ProblemSolution } from './contract/package-check.js';
export * as packageCheck from './contract/package-check.js';
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
export * as plagiarism from './contract/plagiarism.js';
export type { FullScreenProblem, Language, Problem, ProblemListItem, Tag } from './contract/problem.js';
export * as problem from './contract/problem.js';
export type { AcmRankRow, OiRankRow, RatingRankRow } from './contract/rank.js';
export * as rank from './contract/rank.js';
export type { RatingHistoryEntry } from './contract/rating.js';
export * as rating from './contract/rating.js';
export type { Registration, RegistrationConfig, SmsMessage } from './contract/registration.js';
export * as registration from './contract/registration.js';
export type { ImportedRemoteProblem } from './contract/remote-judge.js';
export * as remoteJudge from './contract/remote-judge.js';
export type { Review, ReviewedSubmission, ReviewReply } from './contract/review.js';
export * as review from './contract/review.js';
export type { Diagnostic, FirstFailure, Submission } from './contract/submission.js';
export * as submission from './contract/submission.js';
export type {
  HomeworkState,
  LatePenaltyUnit,
  Training,
  TrainingAuth,
  TrainingCategory,
  TrainingProblem,
  TrainingRankRow,
} from './contract/training.js';
export * as training from './contract/training.js';
export type { UserHome } from './contract/user.js';
export * as user from './contract/user.js';
export * from './discussion-categories.js';
export * from './judge.js';
export * from './limits.js';
export * from './messages.js';
export * from './problem-cases.js';
export * from './problem-package.js';
export * from './rating-bands.js';
export * from './roles.js';
