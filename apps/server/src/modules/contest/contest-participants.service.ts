import { forbidden, notFound } from '../../http/app-error.js';
import type { AuthUser } from '../auth/session.service.js';
import type { ContestService } from './contest.service.js';
import type { ContestParticipantsRepository } from './contest-participants.repository.js';

/** A contest's admins register users by name and take a registration back (decision 0055: the way into a public
 * exam, and a class's list pasted at once into any contest). The admin rule is the contest service's
 * (contest-access.ts `managesContest`: a group contest's group admins too). */
export const createContestParticipantsService = (deps: {
  repo: ContestParticipantsRepository;
  contests: Pick<ContestService, 'load' | 'isContestAdmin'>;
  /** The registrations changed: the exam policy reads its participants again (exam-policy.ts `changed`). */
  examsChanged: () => void;
}) => {
  const { repo, contests } = deps;

  /** The contest as its admin meets it: 404 where the viewer may not see it, 403 for anyone else. */
  const managed = async (cid: number, viewer: AuthUser) => {
    const c = await contests.load(cid, viewer);
    if (!contests.isContestAdmin(c, viewer)) throw forbidden();
    return c;
  };

  return {
    /** Names are matched as login matches them (case aside) and counted once; the known ones are registered, those
     * registered before counted in `already`, the unknown ones answered back as given (first spelling). */
    async add(input: { cid: number; usernames: string[] }, viewer: AuthUser) {
      const c = await managed(input.cid, viewer);
      const named = new Map<string, string>();
      for (const name of input.usernames) {
        const key = name.toLowerCase();
        if (!named.has(key)) named.set(key, name);
      }
      const found = await repo.usersNamed([...named.keys()]);
      const known = new Set(found.map((u) => u.key));
      const uids = [...new Set(found.map((u) => u.uid))];
      const added = await repo.register(c.id, uids);
      if (added > 0) deps.examsChanged();
      const unknown = [...named].filter(([key]) => !known.has(key)).map(([, name]) => name);
      return { added, already: uids.length - added, unknown };
    },

    /** 404 when the user is not registered for the contest. */
    async remove(input: { cid: number; uid: string }, viewer: AuthUser): Promise<null> {
      const c = await managed(input.cid, viewer);
      if (!(await repo.unregister(c.id, input.uid))) throw notFound();
      deps.examsChanged();
      return null;
    },
  };
};

export type ContestParticipantsService = ReturnType<typeof createContestParticipantsService>;
