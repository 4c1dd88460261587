import { z } from 'zod';
import { endpoint, wireInt } from '../api.js';

/** Importing a problem from a remote judge (HOJ's admin_addRemoteOJProblem and its contest and training
 * variants): root, admin and problem_admin; the contest and training
 * variants also follow the contest's or training's admin rule. The problem becomes "<OJ>-<remoteId>" with isRemote,
 * the site's languages and its limits as stated, in the site's bank of the problem list.
 *
 * Answers: 400 `remoteOjUnknown` (name is not a remote judge key), `remoteProblemIdInvalid` (the id has not the
 * site's form), `remoteProblemExists` (public bank only: "<OJ>-<id>" is already added; the contest and training
 * variants add the existing problem instead); 502 `remoteSiteUnreachable`, `remoteSiteChallenge`,
 * `remoteSiteRateLimited`, `remotePageChanged` (vars.field
 * names what could not be read); 400 `remoteProblemNotFound` when the site has no such problem, `remoteOjNotAvailable` for
 * a site this build has no adapter for yet. Nothing is created when the import fails. */

const name = z.string({ error: 'fieldRequired' }).trim().min(1, { error: 'fieldRequired' }).max(20);
const problemId = z.string({ error: 'fieldRequired' }).trim().min(1, { error: 'fieldRequired' }).max(50);

export const importedRemoteProblem = z.object({
  pid: z.number().int(),
  /** "<OJ>-<remoteId>", e.g. "CF-1000A". */
  problemId: z.string(),
  title: z.string(),
  /** false when the problem was already in the bank (contest and training variants reuse it). */
  created: z.boolean(),
});
export type ImportedRemoteProblem = z.infer<typeof importedRemoteProblem>;

export const importRemoteProblem = endpoint({
  method: 'GET',
  path: '/api/admin/problem/import-remote-oj-problem',
  access: 'admin',
  input: z.object({ name, problemId }),
  output: importedRemoteProblem,
});

export const importContestRemoteProblem = endpoint({
  method: 'GET',
  path: '/api/admin/contest/import-remote-oj-problem',
  access: 'admin',
  input: z.object({
    name,
    problemId,
    cid: wireInt(z.number({ error: 'fieldRequired' }).int().positive()),
    /** The problem's display id in the contest. */
    displayId: z.string({ error: 'fieldRequired' }).trim().min(1, { error: 'fieldRequired' }).max(20),
  }),
  output: importedRemoteProblem,
});

export const importTrainingRemoteProblem = endpoint({
  method: 'GET',
  path: '/api/admin/training/import-remote-oj-problem',
  access: 'admin',
  /** The training shows it under its problemId (HOJ does the same). */
  input: z.object({ name, problemId, tid: wireInt(z.number({ error: 'fieldRequired' }).int().positive()) }),
  output: importedRemoteProblem,
});
