import type { Db } from '../../db/client.js';
import { createRankRepository, type RankRepository } from './rank.repository.js';

/** The rank area's face to other areas: one user's rank record (the user home page). Other areas depend on this
 * type, never on the repository. */
export type RankQueries = Pick<RankRepository, 'record'>;

/** The problems a user has solved in the public bank (the switches' thresholds for posting, commenting and
 * creating a group), from the user's rank record. */
export const acceptedProblems = async (db: Db, uid: string) => (await createRankRepository(db).record(uid))?.ac ?? 0;
