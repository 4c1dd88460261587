import { contest, groupProblem, problem, submission, training } from '@oj/shared';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { api } from '../../lib/api';
import { problemPlace } from './problem-place';

/** The calls a place makes to read the problem and the caller's submissions, with the api answering nothing. */
const callsOf = async (place: ReturnType<typeof problemPlace>) => {
  const call = vi.spyOn(api, 'call').mockResolvedValue({ problem: {} } as never);
  await place.loadDetail();
  await place.loadMine({ problemId: 'P1', currentPage: 2, limit: 10 });
  return call.mock.calls.map(([endpoint, body]) => [endpoint.path, body]);
};

describe('problemPlace', () => {
  afterEach(() => vi.restoreAllMocks());

  it("resolves the bank's problem: its own id, state focus, the site's discussions, public test runs", async () => {
    const place = problemPlace({ problemID: 'P 1' });
    expect(place).toMatchObject({
      kind: 'bank',
      routeId: 'P 1',
      detailKey: [problem.getProblemDetail.path, 'P 1', null, null, null],
      listPath: '/problem',
      focusPaths: null,
      focusSwitcher: null,
      contestId: null,
      statusQuery: { isContestProblemList: false, cid: undefined },
      listKeys: [],
      discussion: { setting: 'openPublicDiscussion', path: '/discussion/P%201' },
      mineKey: [null, null],
      testRun: 'public',
    });
    expect(place.bankProblemId('OWN')).toBe('P 1');
    expect(place.submitTarget('P 1')).toEqual({ pid: 'P 1' });
    expect(place.submissionPath(7)).toBe('/submission-detail/7');
    expect(await callsOf(place)).toEqual([
      [problem.getProblemDetail.path, { problemId: 'P 1', gid: undefined }],
      [
        submission.getSubmissionList.path,
        { onlyMine: 'true', problemID: 'P1', completeProblemID: 'true', gid: undefined, currentPage: 2, limit: 10 },
      ],
    ]);
  });

  it("resolves a contest's problem by its display id, in the contest's shell, without test runs or discussions", async () => {
    // A contest's route wins over the other ids.
    const place = problemPlace({ problemID: 'A', contestID: '5', trainingID: '8', groupID: '3' });
    expect(place).toMatchObject({
      kind: 'contest',
      detailKey: [problem.getProblemDetail.path, 'A', 5, null, null],
      listPath: '/contest/5/problems',
      focusPaths: null,
      focusSwitcher: null,
      contestId: 5,
      statusQuery: { isContestProblemList: true, cid: 5 },
      listKeys: [[contest.getContestProblem.path, 5]],
      discussion: null,
      mineKey: [5, null],
      testRun: null,
    });
    expect(place.bankProblemId('OWN')).toBe('A');
    expect(place.submitTarget('OWN')).toEqual({ pid: 'A', cid: 5 });
    expect(place.submissionPath(7)).toBe('/contest/5/problem/A/submission-detail/7');
    expect(await callsOf(place)).toEqual([
      [contest.getContestProblemDetails.path, { cid: 5, displayId: 'A' }],
      [
        contest.getContestSubmissions.path,
        { contestID: 5, onlyMine: 'true', problemID: 'P1', currentPage: 2, limit: 10 },
      ],
    ]);
    // The contest's own counts are not shown; the limits per language are the server's, as elsewhere.
    vi.spyOn(api, 'call').mockResolvedValue({ problem: {}, languageLimits: { Java: { timeLimit: 2000 } } } as never);
    const detail = await problemPlace({ problemID: 'A', contestID: '5' }).loadDetail();
    expect(detail).toMatchObject({ languageLimits: { Java: { timeLimit: 2000 } }, problemCount: null });
  });

  it("resolves a training's problem: by display id, routed focus with the switcher, the bank's id for submissions", async () => {
    const place = problemPlace({ problemID: '1', trainingID: '8' });
    expect(place).toMatchObject({
      kind: 'training',
      detailKey: [problem.getProblemDetail.path, '1', null, 8, null],
      listPath: '/training/8/problems',
      focusPaths: { normal: '/training/8/problem/1', focus: '/training/8/problem/1/full-screen' },
      focusSwitcher: { tid: 8, gid: null },
      contestId: null,
      statusQuery: { isContestProblemList: false, cid: undefined },
      listKeys: [
        [training.getTrainingProblemList.path, 8],
        [problem.getFullScreenProblemList.path, 'training', 8],
      ],
      discussion: null,
      mineKey: [null, null],
      testRun: 'public',
    });
    expect(place.bankProblemId('OWN')).toBe('OWN');
    expect(place.bankProblemId(undefined)).toBe('1');
    expect(place.submitTarget('OWN')).toEqual({ pid: '1', tid: 8, gid: undefined });
    expect(place.submissionPath(7)).toBe('/submission-detail/7');
    expect(await callsOf(place)).toEqual([
      [training.getTrainingProblemDetails.path, { tid: 8, displayId: '1' }],
      [
        submission.getSubmissionList.path,
        { onlyMine: 'true', problemID: 'P1', completeProblemID: 'true', gid: undefined, currentPage: 2, limit: 10 },
      ],
    ]);

    // A group's training: read as a training's problem, submitted and shown inside the group.
    const inGroup = problemPlace({ problemID: '1', trainingID: '8', groupID: '3' });
    expect(inGroup).toMatchObject({
      kind: 'training',
      detailKey: [problem.getProblemDetail.path, '1', null, 8, null],
      listPath: '/group/3/training/8/problems',
      focusPaths: { normal: '/group/3/training/8/problem/1', focus: '/group/3/training/8/problem/1/full-screen' },
      focusSwitcher: { tid: 8, gid: 3 },
      discussion: null,
      mineKey: [null, 3],
      testRun: 'group',
    });
    expect(inGroup.submitTarget('OWN')).toEqual({ pid: '1', tid: 8, gid: 3 });
    expect(inGroup.submissionPath(7)).toBe('/group/3/submission-detail/7');
  });

  it("resolves a group's own problem: with the group's id, routed focus, the group's discussions and test runs", async () => {
    const place = problemPlace({ problemID: 'G-1', groupID: '3' });
    expect(place).toMatchObject({
      kind: 'group',
      detailKey: [problem.getProblemDetail.path, 'G-1', null, null, 3],
      listPath: '/group/3/problem',
      focusPaths: { normal: '/group/3/problem/G-1', focus: '/group/3/problem/G-1/full-screen' },
      focusSwitcher: null,
      contestId: null,
      statusQuery: { isContestProblemList: false, cid: undefined },
      listKeys: [[groupProblem.getGroupProblemList.path, 3]],
      discussion: { setting: 'openGroupDiscussion', path: '/group/3/discussion/G-1' },
      mineKey: [null, 3],
      testRun: 'group',
    });
    expect(place.bankProblemId('OWN')).toBe('G-1');
    expect(place.submitTarget('G-1')).toEqual({ pid: 'G-1', gid: 3 });
    expect(place.submissionPath(7)).toBe('/group/3/submission-detail/7');
    expect(await callsOf(place)).toEqual([
      [problem.getProblemDetail.path, { problemId: 'G-1', gid: 3 }],
      [
        submission.getSubmissionList.path,
        { onlyMine: 'true', problemID: 'P1', completeProblemID: 'true', gid: 3, currentPage: 2, limit: 10 },
      ],
    ]);
  });
});
