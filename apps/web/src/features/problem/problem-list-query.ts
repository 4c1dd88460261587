/** The problem list's page URL: keyword, difficulty, oj, tagId as a JSON
 * array, currentPage, limit. Parsed leniently (a hand-edited URL never breaks the page) and rewritten on change. */
export const PROBLEM_PAGE_SIZES = [10, 15, 30, 50, 100];
export const DEFAULT_PROBLEM_PAGE_SIZE = 30;

export interface ProblemListQuery {
  keyword: string;
  /** null: All. */
  difficulty: number | null;
  /** "Mine" (the local bank, the default), "All", or a remote judge key. */
  oj: string;
  tagId: number[];
  currentPage: number;
  limit: number;
}

const parseTagIds = (raw: string | null): number[] => {
  if (!raw) return [];
  try {
    const value: unknown = JSON.parse(raw);
    return Array.isArray(value) ? value.map(Number).filter((n) => Number.isInteger(n) && n > 0) : [];
  } catch {
    return [];
  }
};

export const parseProblemListQuery = (params: URLSearchParams): ProblemListQuery => {
  const page = Number.parseInt(params.get('currentPage') ?? '', 10);
  const limit = Number.parseInt(params.get('limit') ?? '', 10);
  const difficulty = Number.parseInt(params.get('difficulty') ?? '', 10);
  return {
    keyword: params.get('keyword') ?? '',
    difficulty: [0, 1, 2].includes(difficulty) ? difficulty : null,
    oj: params.get('oj') || 'Mine',
    tagId: parseTagIds(params.get('tagId')),
    currentPage: Number.isFinite(page) && page >= 1 ? page : 1,
    limit: PROBLEM_PAGE_SIZES.includes(limit) ? limit : DEFAULT_PROBLEM_PAGE_SIZE,
  };
};

/** The page URL: empty values are dropped, tagId stays a JSON array, defaults are left out. */
export const toProblemListSearch = (q: ProblemListQuery): URLSearchParams => {
  const params = new URLSearchParams();
  if (q.keyword.trim()) params.set('keyword', q.keyword.trim());
  if (q.difficulty !== null) params.set('difficulty', String(q.difficulty));
  if (q.oj && q.oj !== 'Mine') params.set('oj', q.oj);
  if (q.tagId.length) params.set('tagId', JSON.stringify(q.tagId));
  if (q.currentPage > 1) params.set('currentPage', String(q.currentPage));
  if (q.limit !== DEFAULT_PROBLEM_PAGE_SIZE) params.set('limit', String(q.limit));
  return params;
};

/** A filter change goes back to page 1 (the pager's own changes keep their page). */
export const changeFilter = (q: ProblemListQuery, patch: Partial<ProblemListQuery>): ProblemListQuery => ({
  ...q,
  ...patch,
  currentPage: 'currentPage' in patch ? (patch.currentPage ?? 1) : 1,
});

/** The API call's input: "All" is sent empty, difficulty All empty, tagId as "1,2" (a JSON array only in the URL). */
export const toProblemListRequest = (q: ProblemListQuery) => ({
  keyword: q.keyword.trim() || undefined,
  difficulty: q.difficulty ?? undefined,
  oj: q.oj === 'All' ? undefined : q.oj,
  tagId: q.tagId.length ? q.tagId.join(',') : undefined,
  currentPage: q.currentPage,
  limit: q.limit,
});
