import { ADMIN_ROLES, type Locale } from '@oj/shared';
import yazl from 'yazl';
import { forbidden } from '../../http/app-error.js';
import type { BinaryAnswer } from '../../http/bind.js';
import { type Cell, type StyledCell, writeXlsx, XLSX_CONTENT_TYPE } from '../../lib/xlsx.js';
import type { AuthUser } from '../auth/session.service.js';
import type { ContestRepository } from './contest.repository.js';
import type { ContestService } from './contest.service.js';
import { rankShowNameFor } from './contest-access.js';
import type { CodePick, ContestFileRepository } from './contest-file.repository.js';
import type { AcmProblemInfo, AcmRow, OiRow } from './contest-ranking.js';

/** Seconds as h:mm:ss (hours unbounded: a long contest's penalty passes 24 h). */
export const hms = (seconds: number) => {
  const s = Math.max(0, Math.floor(seconds));
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${Math.floor(s / 3600)}:${pad(Math.floor((s % 3600) / 60))}:${pad(s % 60)}`;
};

/** The web board's cell colours (apps/web scoreboard-cells.ts), as spreadsheet fills. */
export const ACM_FILLS = {
  firstAc: { fill: '#1a8f3c', color: '#ffffff' },
  ac: { fill: '#a9f5af' },
  pending: { fill: '#ffe58f' },
  wrong: { fill: '#ffa39e' },
} as const;
/** OI cells: full score, zero, in between (the web's green, red and blue, as light fills). */
export const OI_FILLS = {
  full: { fill: '#b7eb8f' },
  zero: { fill: '#ffa39e' },
  partial: { fill: '#91caff' },
} as const;

/** An ACM problem cell as HOJ's export writes it: the accept time with the rejected tries "(-n)", or the rejected
 * tries and the pending ones "?n" (tries judged after the seal, for a sealed viewer). */
export const acmCell = (info: AcmProblemInfo | undefined): Cell => {
  if (!info) return null;
  if (info.isAC) {
    const text = `${hms(info.ACTime ?? 0)}${info.errorNum > 0 ? ` (-${info.errorNum})` : ''}`;
    return { value: text, ...(info.isFirstAC ? ACM_FILLS.firstAc : ACM_FILLS.ac) };
  }
  const parts = [
    ...(info.errorNum > 0 ? [`(-${info.errorNum})`] : []),
    ...(info.tryNum > 0 ? [`?${info.tryNum}`] : []),
  ];
  if (parts.length === 0) return null;
  return { value: parts.join(' '), ...(info.tryNum > 0 ? ACM_FILLS.pending : ACM_FILLS.wrong) };
};

export const oiCell = (score: number | undefined, fullScore: number): Cell => {
  if (score === undefined) return null;
  const look = score >= fullScore ? OI_FILLS.full : score <= 0 ? OI_FILLS.zero : OI_FILLS.partial;
  return { value: score, ...look };
};

/** A file or folder name that cannot leave its folder nor upset an unzip tool: no separators, no "..", no
 * control characters, nothing Windows refuses. */
export const safeName = (s: string) => {
  const clean = s
    // biome-ignore lint/suspicious/noControlCharactersInRegex: removing control characters is the point.
    .replace(/[\u0000-\u001f\u007f/\\:*?"<>|]/g, '_')
    .replace(/\.{2,}/g, '_')
    .replace(/^[.\s]+|[.\s]+$/g, '')
    .slice(0, 100);
  return clean || '_';
};

/** The source extension of a language (names of packages/shared LANGUAGE_NAMES and HOJ's), .txt when unknown. */
export const extensionOf = (language: string) => {
  const l = language.trim().toLowerCase();
  if (l.startsWith('c++') || l.startsWith('cpp') || l.startsWith('g++')) return 'cpp';
  if (l.startsWith('c#')) return 'cs';
  if (l === 'c' || l.startsWith('c ') || l.startsWith('gcc')) return 'c';
  if (l.startsWith('java') && !l.startsWith('javascript')) return 'java';
  if (l.startsWith('python') || l.startsWith('pypy')) return 'py';
  if (l.startsWith('go')) return 'go';
  if (l.startsWith('javascript') || l.startsWith('node')) return 'js';
  if (l.startsWith('rust')) return 'rs';
  return 'txt';
};

type ShowName = 'username' | 'nickname' | 'realname';

const LABELS: Record<Locale, Record<string, string>> = {
  'zh-CN': {
    rank: '排名',
    username: '用户名',
    nickname: '昵称',
    realname: '真实姓名',
    school: '学校',
    solved: '通过',
    penalty: '罚时',
    award: '奖项',
    totalScore: '总分',
    totalTime: '总用时(ms)',
  },
  'en-US': {
    rank: 'Rank',
    username: 'Username',
    nickname: 'Nickname',
    realname: 'Real Name',
    school: 'School',
    solved: 'Solved',
    penalty: 'Penalty',
    award: 'Award',
    totalScore: 'Total Score',
    totalTime: 'Total Time (ms)',
  },
};

const isAcmRow = (r: AcmRow | OiRow): r is AcmRow => 'ac' in r;

/** A spreadsheet fill from an award colour, when it is one a spreadsheet understands. */
const awardCell = (r: { awardName: string | null; awardBackground: string | null; awardColor: string | null }) => {
  if (!r.awardName) return null;
  const hex = (c: string | null) => (c && /^#?[0-9a-fA-F]{6}$/.test(c) ? c : undefined);
  const cell: StyledCell = { value: r.awardName, fill: hex(r.awardBackground), color: hex(r.awardColor) };
  return cell;
};

/** The contest downloads (HOJ's ContestFileController): the board as an xlsx workbook, and the
 * contest's accepted (OI: scoring) code as a zip. Access rules are the contest service's. */
export const createContestFileService = (deps: {
  contests: ContestService;
  repo: ContestFileRepository;
  /** The contest's problems. */
  contestRepo: ContestRepository;
}) => {
  const { contests, repo } = deps;

  return {
    /** The board as the viewer may see it: sealed for participants during the seal, real-time for contest admins
     * (and their force refresh). `containEnd` is accepted for HOJ's client; the board only ever counts the contest
     * window, so submissions after the end never appear on it. */
    async rankList(
      q: { cid: number; forceRefresh?: boolean; removeStar?: boolean; containEnd?: boolean },
      viewer: AuthUser,
      locale: Locale,
    ): Promise<BinaryAnswer> {
      const c = await contests.load(q.cid, viewer);
      await contests.checkViewAccess(c, viewer);
      const admin = contests.isContestAdmin(c, viewer);
      const stars = new Set(c.starAccount);
      const [all, problems] = await Promise.all([
        contests.boardRows(c, viewer, !!q.forceRefresh),
        deps.contestRepo.problems(c.id),
      ]);
      const rows = q.removeStar ? all.filter((r) => !stars.has(r.username)) : all;
      // The rows and the shown name as the real-name rule gives them to this viewer (contest-access.ts).
      const showName: ShowName = rankShowNameFor(c, viewer);
      const awards = c.awardType === 1 || c.awardType === 2;
      const L = LABELS[locale];
      const acm = c.type !== 1;
      // Contest admins get the realname beside the shown name, unless the shown name is the realname.
      const realname = admin && showName !== 'realname';

      const header: Cell[] = [
        L.rank,
        L[showName],
        ...(realname ? [L.realname] : []),
        L.school,
        ...(acm ? [L.solved, L.penalty] : [L.totalScore, L.totalTime]),
        ...(awards ? [L.award] : []),
        ...problems.map((p) => p.cp.displayId),
      ];
      const body = rows.map((r): Cell[] => {
        const identity: Cell[] = [
          r.rank === -1 ? '*' : r.rank,
          r[showName] || r.username,
          ...(realname ? [r.realname ?? null] : []),
          r.school ?? null,
        ];
        const award = awards ? [awardCell(r)] : [];
        if (isAcmRow(r)) {
          return [
            ...identity,
            r.ac,
            hms(r.totalTime),
            ...award,
            ...problems.map((p) => acmCell(r.submissionInfo[p.cp.displayId])),
          ];
        }
        return [
          ...identity,
          r.totalScore,
          r.totalTime,
          ...award,
          ...problems.map((p) => oiCell(r.submissionInfo[p.cp.displayId], p.ioScore)),
        ];
      });
      const name = `contest_${c.id}_rank`;
      const bytes = await writeXlsx([
        {
          name,
          header: true,
          rows: [header, ...body],
          widths: [6, 20, ...(realname ? [14] : []), 20, 12, 14, ...(awards ? [12] : []), ...problems.map(() => 14)],
        },
      ]);
      return { body: bytes, contentType: XLSX_CONTENT_TYPE, filename: `${name}.xlsx` };
    },

    /** Contest admins only: per user and problem, the latest AC (ACM) or the submission the OI board counts, made
     * during the contest, as `<user>/<problem>_<submitId>.<ext>` or `<problem>/<user>_<submitId>.<ext>`. */
    async acSubmissions(
      q: { cid: number; excludeAdmin?: boolean; splitType: 'user' | 'problem' },
      viewer: AuthUser,
    ): Promise<BinaryAnswer> {
      const c = await contests.load(q.cid, viewer);
      if (!contests.isContestAdmin(c, viewer)) throw forbidden();
      const pick: CodePick = c.type !== 1 ? 'acm' : c.oiRankScoreType === 'Highest' ? 'oiHighest' : 'oiRecent';
      const excludedUids = q.excludeAdmin
        ? [...new Set([...(await deps.contestRepo.uidsWithRoles(ADMIN_ROLES)), c.uid])]
        : [];
      const picked = await repo.pickedSubmissions(
        { cid: c.id, start: c.startTime, end: c.endTime, excludedUids },
        pick,
      );
      const zip = new yazl.ZipFile();
      for (const s of picked) {
        const user = safeName(s.username);
        const problem = safeName(s.displayId);
        const ext = extensionOf(s.language);
        const path =
          q.splitType === 'problem'
            ? `${problem}/${user}_${s.submitId}.${ext}`
            : `${user}/${problem}_${s.submitId}.${ext}`;
        zip.addBuffer(Buffer.from(s.code, 'utf8'), path, { mtime: s.submitTime });
      }
      zip.end();
      return { body: zip.outputStream, contentType: 'application/zip', filename: `contest_${c.id}_ac_submissions.zip` };
    },
  };
};
export type ContestFileService = ReturnType<typeof createContestFileService>;
