import type { Gradebook, GradebookAssignment, GradebookCell, GradebookStudent } from '@oj/shared';

/** The gradebook page's rules (decision 0052), apart from its components so they are tested alone. */

/** Reads again at most this often on live events (a class submitting at once is one read). */
export const GRADEBOOK_LIVE_DEBOUNCE_MS = 500;
/** Without the live stream the gradebook is read again this often; "who is stuck" always. */
export const GRADEBOOK_POLL_MS = 30_000;

/** A column's stable key: its kind and id. */
export const assignmentKey = (a: Pick<GradebookAssignment, 'kind' | 'id'>) => `${a.kind}-${a.id}`;

/** What a grid is sorted by: the student's name, the total, or one assignment's column (by its key). */
export type GradebookSortKey = 'student' | 'total' | string;
export interface GradebookSort {
  key: GradebookSortKey;
  order: 'ascend' | 'descend';
}

export interface GradebookFilter {
  /** One assignment's key, or null for all. */
  assignment: string | null;
  search: string;
  /** Only students who have not started (a shown column with no try). */
  notStarted: boolean;
  /** Only students with a late score (in a shown column). */
  late: boolean;
}

export const NO_FILTER: GradebookFilter = { assignment: null, search: '', notStarted: false, late: false };

/** The student's name as the grid shows it: the username, and the real name when there is one. */
export const studentLabel = (s: Pick<GradebookStudent, 'username' | 'realname'>) =>
  s.realname ? `${s.username} (${s.realname})` : s.username;

/** The columns a filter shows, each with its index into the students' cells. */
export const shownAssignments = (book: Gradebook, filter: GradebookFilter) =>
  book.assignments
    .map((assignment, index) => ({ assignment, index }))
    .filter(({ assignment }) => !filter.assignment || assignmentKey(assignment) === filter.assignment);

/** The students a filter keeps: the search in the username, real name or nickname (any case); "not started" and
 * "late" looked for in the shown columns. */
export const filterStudents = (book: Gradebook, filter: GradebookFilter) => {
  const columns = shownAssignments(book, filter).map((c) => c.index);
  const needle = filter.search.trim().toLowerCase();
  return book.students.filter((s) => {
    if (needle && ![s.username, s.realname, s.nickname].some((v) => v?.toLowerCase().includes(needle))) return false;
    const cells = columns.map((i) => s.cells[i]).filter((c): c is GradebookCell => !!c);
    if (filter.notStarted && !cells.some((c) => !c.started)) return false;
    if (filter.late && !cells.some((c) => c.late)) return false;
    return true;
  });
};

/** The value a column sorts by (null: nothing to compare, kept last either way). */
const sortValue = (book: Gradebook, s: GradebookStudent, key: GradebookSortKey): string | number | null => {
  if (key === 'student') return s.username.toLowerCase();
  if (key === 'total') return s.total;
  const index = book.assignments.findIndex((a) => assignmentKey(a) === key);
  return index < 0 ? null : (s.cells[index]?.score ?? null);
};

/** The students in a sort's order; equal values keep the name order, empty values go last. */
export const sortStudents = (book: Gradebook, students: GradebookStudent[], sort: GradebookSort) => {
  const dir = sort.order === 'ascend' ? 1 : -1;
  return [...students].sort((a, b) => {
    const x = sortValue(book, a, sort.key);
    const y = sortValue(book, b, sort.key);
    if (x === null || y === null) {
      if (x !== y) return x === null ? 1 : -1;
    } else if (x !== y) return (x < y ? -1 : 1) * dir;
    return a.username.localeCompare(b.username);
  });
};

/** A header's click: a new column sorts best first (names A to Z), the same column flips. */
export const nextSort = (current: GradebookSort, key: GradebookSortKey): GradebookSort =>
  current.key === key
    ? { key, order: current.order === 'ascend' ? 'descend' : 'ascend' }
    : { key, order: key === 'student' ? 'ascend' : 'descend' };

/** Seconds as H:MM:SS (an ACM penalty time). */
export const formatPenalty = (seconds: number) => {
  const s = Math.max(0, Math.floor(seconds));
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${Math.floor(s / 3600)}:${pad(Math.floor((s % 3600) / 60))}:${pad(s % 60)}`;
};

/** Whole minutes from a time to now (never below 0). */
export const minutesBetween = (from: string, nowMs: number) =>
  Math.max(0, Math.floor((nowMs - Date.parse(from)) / 60_000));

/** The submission list of one student on one problem of an assignment: the group's list for a training, the
 * contest's own for a contest (what the list pages take: username, problemID). */
export const submissionsPath = (
  gid: number,
  assignment: Pick<GradebookAssignment, 'kind' | 'id'>,
  username: string,
  problem: { problemId: string; displayId: string },
) => {
  if (assignment.kind === 'contest') {
    const q = new URLSearchParams({ username, problemID: problem.displayId });
    return `/contest/${assignment.id}/submissions?${q}`;
  }
  const q = new URLSearchParams({ username, problemID: problem.problemId, completeProblemID: 'true' });
  return `/group/${gid}/status?${q}`;
};
