/** The status list's page URL. A filter change resets the page to 1. */
export const DEFAULT_SUBMISSION_PAGE_SIZE = 15;

export interface SubmissionListQuery {
  onlyMine: boolean;
  name: string;
  username: string;
  status: number | null;
  problemID: string;
  completeProblemID: boolean;
  currentPage: number;
  limit: number;
}

export const parseSubmissionListQuery = (params: URLSearchParams): SubmissionListQuery => {
  const status = Number.parseInt(params.get('status') ?? '', 10);
  const page = Number.parseInt(params.get('currentPage') ?? '', 10);
  const limit = Number.parseInt(params.get('limit') ?? '', 10);
  return {
    onlyMine: params.get('onlyMine') === 'true',
    name: params.get('name') ?? '',
    username: params.get('username') ?? '',
    status: Number.isFinite(status) ? status : null,
    problemID: params.get('problemID') ?? '',
    completeProblemID: params.get('completeProblemID') === 'true',
    currentPage: Number.isFinite(page) && page >= 1 ? page : 1,
    limit: Number.isFinite(limit) && limit >= 1 && limit <= 100 ? limit : DEFAULT_SUBMISSION_PAGE_SIZE,
  };
};

export const toSubmissionListSearch = (q: SubmissionListQuery) => {
  const params = new URLSearchParams();
  if (q.onlyMine) params.set('onlyMine', 'true');
  if (q.name.trim()) params.set('name', q.name.trim());
  if (q.username.trim()) params.set('username', q.username.trim());
  if (q.status !== null) params.set('status', String(q.status));
  if (q.problemID.trim()) params.set('problemID', q.problemID.trim());
  if (q.completeProblemID) params.set('completeProblemID', 'true');
  if (q.currentPage > 1) params.set('currentPage', String(q.currentPage));
  if (q.limit !== DEFAULT_SUBMISSION_PAGE_SIZE) params.set('limit', String(q.limit));
  return params;
};

export const changeSubmissionFilter = (q: SubmissionListQuery, patch: Partial<SubmissionListQuery>) => ({
  ...q,
  ...patch,
  currentPage: 'currentPage' in patch ? (patch.currentPage ?? 1) : 1,
});

export const toSubmissionListRequest = (q: SubmissionListQuery) => ({
  onlyMine: q.onlyMine ? 'true' : undefined,
  name: q.name.trim() || undefined,
  username: q.username.trim() || undefined,
  status: q.status ?? undefined,
  problemID: q.problemID.trim() || undefined,
  completeProblemID: q.completeProblemID ? 'true' : undefined,
  currentPage: q.currentPage,
  limit: q.limit,
});
