import {
  contest as contestContract,
  problem as contract,
  groupProblem as groupProblemContract,
  submission as submissionContract,
  training as trainingContract,
} from '@oj/shared';
import { api } from '../../lib/api';
import { queryKey } from '../../lib/query-keys';
import { groupSubmissionDetailPath, submissionDetailPath } from '../submission/submission-paths';
import { takeArrivedProblemDetail, takeEarlyProblemDetail } from './problem-detail-early';

/** Training problems have their focus mode as a route of its own, a group's training's under the group
 * (GroupTrainingFullProblemDetails). */
export const trainingProblemPaths = (tid: number | string, displayId: string, gid?: number | null) => {
  const normal = `${gid ? `/group/${gid}` : ''}/training/${tid}/problem/${encodeURIComponent(displayId)}`;
  return { normal, focus: `${normal}/full-screen` };
};

/** A group's problems too (GroupFullProblemDetails). */
export const groupProblemPaths = (gid: number | string, problemId: string) => {
  const normal = `/group/${gid}/problem/${encodeURIComponent(problemId)}`;
  return { normal, focus: `${normal}/full-screen` };
};

const loadBankDetail = async (problemId: string, gid: number | undefined) => ({
  // The site's own problem may have been asked for while the page's code was loading (problem-detail-early.ts).
  ...(await ((gid === undefined ? takeEarlyProblemDetail(problemId) : undefined) ??
    api.call(contract.getProblemDetail, { problemId, gid }))),
  hasSubmitted: false,
});

const loadTrainingDetail = async (tid: number, displayId: string) => ({
  ...(await api.call(trainingContract.getTrainingProblemDetails, { tid, displayId })),
  hasSubmitted: false,
});

const loadContestDetail = async (cid: number, displayId: string) => ({
  ...(await api.call(contestContract.getContestProblemDetails, { cid, displayId })),
  // The public statistics are not shown in a contest. Its limits per language (languageLimits) are the bank's rule,
  // shown by the page as on every other problem page.
  problemCount: null,
});

export type ProblemDetailData = Awaited<
  ReturnType<typeof loadBankDetail | typeof loadTrainingDetail | typeof loadContestDetail>
>;

interface MineQuery {
  problemId: string;
  currentPage: number;
  limit: number;
}

const loadContestMine = (cid: number, { problemId, currentPage, limit }: MineQuery) =>
  api.call(contestContract.getContestSubmissions, {
    contestID: cid,
    onlyMine: 'true',
    problemID: problemId,
    currentPage,
    limit,
  });

const loadBankMine = (gid: number | undefined, { problemId, currentPage, limit }: MineQuery) =>
  api.call(submissionContract.getSubmissionList, {
    onlyMine: 'true',
    problemID: problemId,
    completeProblemID: 'true',
    gid,
    currentPage,
    limit,
  });

export type MySubmissionsPage = Awaited<ReturnType<typeof loadContestMine | typeof loadBankMine>>;

/** Where a problem page is: the site's bank (/problem/:problemID), a contest's problem, a training's problem (the
 * site's or a group's) or a group's own problem. Everything the page and its parts do differently in these places is
 * decided here, once. */
export interface ProblemPlace {
  kind: 'bank' | 'contest' | 'training' | 'group';
  /** The problem as the route names it: its own id, or its display id inside a contest or a training. */
  routeId: string;
  /** The key of the problem's detail query; the detail is read again after a judgement through its first two parts. */
  detailKey: readonly unknown[];
  loadDetail: () => Promise<ProblemDetailData>;
  /** The detail the page can show in its first render (the bank's problem asked for as the page opened). */
  arrivedDetail?: () => ProblemDetailData | undefined;
  /** The problem list of the place, where a problem that could not be read leads. */
  listPath: string;
  /** Focus mode as a route of its own (trainings and a group's problems); elsewhere it is a state of the page. */
  focusPaths: { normal: string; focus: string } | null;
  /** A training's focus mode switches between the training's problems. */
  focusSwitcher: { tid: number; gid: number | null } | null;
  /** The contest whose type decides whether a new submission replaces the earlier one. */
  contestId: number | null;
  /** How the caller's own status of the problem is asked for. */
  statusQuery: { isContestProblemList: boolean; cid?: number };
  /** The problem lists of the place, read again after a judgement. */
  listKeys: readonly (readonly unknown[])[];
  /** The problem's discussions, shown while the site's setting is on. Discussions belong to a
   * problem's own page, the bank's or a group's; never inside a contest nor a training, whose pages keep the learner
   * there. */
  discussion: {
    setting: 'openPublicDiscussion' | 'openGroupDiscussion';
    path: string;
  } | null;
  /** The id the caller's submissions and the annexes are asked for by: a training names its problems by display id,
   * the bank by the problem's own id. */
  bankProblemId: (ownProblemId: string | undefined) => string;
  /** The caller's submissions of the problem: their query key's part for the place and how they are read. */
  mineKey: readonly unknown[];
  loadMine: (query: MineQuery) => Promise<MySubmissionsPage>;
  /** Where a submission made here is shown: inside a contest or a group it stays in their shell. */
  submissionPath: (submitId: number) => string;
  /** What a submission is sent with: in a contest or a training the display id with the set's id, elsewhere the
   * problem's own id; a group's problems (and its trainings' problems) with the group's id. */
  submitTarget: (ownProblemId: string) => { pid: string; cid?: number; tid?: number; gid?: number };
  /** The kind of the test runs; none inside a contest, whose problems may be contest-only. */
  testRun: 'public' | 'group' | null;
}

/** The route's parameters of the problem page's routes. */
export interface ProblemRouteParams {
  problemID?: string;
  contestID?: string;
  trainingID?: string;
  groupID?: string;
}

/** The problem page's place from its route: a contest's problem under /contest/:contestID, a training's under
 * /training/:trainingID (inside a group when the route has a groupID too), else a group's own problem with a
 * groupID, else the bank's. */
export const problemPlace = ({ problemID = '', contestID, trainingID, groupID }: ProblemRouteParams): ProblemPlace => {
  const routeId = problemID;
  const encoded = encodeURIComponent(routeId);
  const common = {
    routeId,
    focusPaths: null,
    focusSwitcher: null,
    contestId: null,
    statusQuery: { isContestProblemList: false, cid: undefined },
    listKeys: [],
    discussion: null,
    bankProblemId: () => routeId,
    submitTarget: (ownProblemId: string) => ({ pid: ownProblemId }),
  };
  if (contestID) {
    const cid = Number(contestID);
    return {
      ...common,
      kind: 'contest',
      detailKey: queryKey(contract.getProblemDetail, routeId, cid, null, null),
      loadDetail: () => loadContestDetail(cid, routeId),
      listPath: `/contest/${cid}/problems`,
      contestId: cid,
      statusQuery: { isContestProblemList: true, cid },
      listKeys: [queryKey(contestContract.getContestProblem, cid)],
      mineKey: [cid, null],
      loadMine: (query) => loadContestMine(cid, query),
      submissionPath: (submitId) => submissionDetailPath(submitId, { cid, displayId: routeId }),
      submitTarget: () => ({ pid: routeId, cid }),
      testRun: null,
    };
  }
  if (trainingID) {
    const tid = Number(trainingID);
    // A group's training: read as a training's problem, submitted with both ids.
    const gid = groupID ? Number(groupID) : null;
    return {
      ...common,
      kind: 'training',
      detailKey: queryKey(contract.getProblemDetail, routeId, null, tid, null),
      loadDetail: () => loadTrainingDetail(tid, routeId),
      listPath: `${gid ? `/group/${gid}` : ''}/training/${tid}/problems`,
      focusPaths: trainingProblemPaths(tid, routeId, gid),
      focusSwitcher: { tid, gid },
      listKeys: [
        queryKey(trainingContract.getTrainingProblemList, tid),
        queryKey(contract.getFullScreenProblemList, 'training', tid),
      ],
      bankProblemId: (ownProblemId) => ownProblemId ?? routeId,
      mineKey: [null, gid],
      loadMine: (query) => loadBankMine(gid ?? undefined, query),
      submissionPath: (submitId) => (gid ? groupSubmissionDetailPath(gid, submitId) : submissionDetailPath(submitId)),
      submitTarget: () => ({ pid: routeId, tid, gid: gid ?? undefined }),
      testRun: gid ? 'group' : 'public',
    };
  }
  if (groupID) {
    // A group's own problem: read, submitted and listed with the group's id.
    const gid = Number(groupID);
    return {
      ...common,
      kind: 'group',
      detailKey: queryKey(contract.getProblemDetail, routeId, null, null, gid),
      loadDetail: () => loadBankDetail(routeId, gid),
      listPath: `/group/${gid}/problem`,
      focusPaths: groupProblemPaths(gid, routeId),
      listKeys: [queryKey(groupProblemContract.getGroupProblemList, gid)],
      discussion: {
        setting: 'openGroupDiscussion',
        path: `/group/${gid}/discussion/${encoded}`,
      },
      mineKey: [null, gid],
      loadMine: (query) => loadBankMine(gid, query),
      submissionPath: (submitId) => groupSubmissionDetailPath(gid, submitId),
      submitTarget: (ownProblemId) => ({ pid: ownProblemId, gid }),
      testRun: 'group',
    };
  }
  return {
    ...common,
    kind: 'bank',
    detailKey: queryKey(contract.getProblemDetail, routeId, null, null, null),
    loadDetail: () => loadBankDetail(routeId, undefined),
    arrivedDetail: () => {
      const arrived = takeArrivedProblemDetail(routeId);
      return arrived && { ...arrived, hasSubmitted: false };
    },
    listPath: '/problem',
    discussion: { setting: 'openPublicDiscussion', path: `/discussion/${encoded}` },
    mineKey: [null, null],
    loadMine: (query) => loadBankMine(undefined, query),
    submissionPath: (submitId) => submissionDetailPath(submitId),
    testRun: 'public',
  };
};
