import { sql } from 'drizzle-orm';

/** The number of rows a query matches, carried on each row of its page (`count(*) over ()`): a list's page and its
 * total in one round trip instead of two. */
export const totalOver = () => sql<number>`count(*) over ()`.mapWith(Number);

/** A page whose rows carry `total`: the total from its first row; an empty page past the first asks `count`. */
export const pageTotal = async <R extends { total: number }>(
  rows: R[],
  offset: number,
  count: () => Promise<number>,
) => (rows.length ? rows[0].total : offset > 0 ? count() : 0);
