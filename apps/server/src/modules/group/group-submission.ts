import { group as g } from '@oj/shared';
import { AppError } from '../../http/app-error.js';
import type { AuthUser } from '../auth/session.service.js';
import type { SubmissionWithTitle } from '../submission/submission-queries.js';
import type { SubmissionSight } from '../submission/submission-visibility.js';
import type { GroupPolicy } from './group-policy.js';

const { isGroupAdmin } = g;

/** What one viewer may see of a group's submissions (decision 0023), in the shape of the bank's and the contests'
 * rules (submission-visibility.ts): strangers to the group nothing (401, 403, 404 as the group policy says); its
 * members open any of them and list their own, with the code their own or shared; its admins (owner, super admin)
 * list and read every one with the admin's details. Site admins outside the group see nothing of it. */
export const createGroupSubmissionRule = (policy: GroupPolicy) => ({
  async submissionViewer(gid: number, viewer: AuthUser | undefined) {
    let admin: boolean;
    try {
      admin = isGroupAdmin((await policy.require(gid, viewer, 'member')).role);
    } catch (e) {
      if (e instanceof AppError) return (): SubmissionSight => ({ refusal: e });
      throw e;
    }
    return (r: SubmissionWithTitle): SubmissionSight => {
      const own = !!viewer && r.submission.uid === viewer.uid;
      return {
        own,
        admin,
        code: own || admin || r.submission.share === 1,
        listed: own || admin,
        runHidden: false,
        contestRunning: false,
        masked: false,
        problem: { displayId: r.submission.displayPid, title: r.title },
      };
    };
  },

  async listAccess(gid: number, viewer: AuthUser) {
    return { admin: isGroupAdmin((await policy.require(gid, viewer, 'member')).role) };
  },
});
