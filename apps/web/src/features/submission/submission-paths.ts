/** The detail page of a submission: inside a contest it stays in the contest shell. */
export const submissionDetailPath = (submitId: number, contest?: { cid: number; displayId: string }) =>
  contest
    ? `/contest/${contest.cid}/problem/${encodeURIComponent(contest.displayId)}/submission-detail/${submitId}`
    : `/submission-detail/${submitId}`;

/** Inside a group its submissions stay in the group shell (GroupSubmissionDetails). */
export const groupSubmissionDetailPath = (gid: number, submitId: number) =>
  `/group/${gid}/submission-detail/${submitId}`;
