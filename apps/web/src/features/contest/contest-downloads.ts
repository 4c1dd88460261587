import { contestStaff, exam } from '@oj/shared';
import { api } from '../../lib/api';
import { saveBlob } from '../../lib/http-client';

/** The contest's binary downloads go through the one HTTP client (the session's Authorization, a JSON answer's
 * message shown instead of a file), then to the browser as a file. */

/** The scoreboard as the viewer may see it, as xlsx; never forces a recomputation. */
export const downloadRankList = async (cid: number, removeStar: boolean) => {
  const file = await api.download(contestStaff.downloadRankList, { cid, removeStar, forceRefresh: false });
  if (file) saveBlob(file);
};

export type AcSubmissionSplit = 'user' | 'problem';

/** Contest admins: the accepted code as a zip, one folder per user or per problem. */
export const downloadContestAcSubmission = async (cid: number, excludeAdmin: boolean, splitType: AcSubmissionSplit) => {
  const file = await api.download(contestStaff.downloadContestAcSubmission, { cid, excludeAdmin, splitType });
  if (file) saveBlob(file);
};

/** Contest admins: every clarification of the contest as CSV (decision 0055). */
export const downloadClarifications = async (cid: number) => {
  const file = await api.download(exam.exportClarifications, { cid });
  if (file) saveBlob(file);
};
