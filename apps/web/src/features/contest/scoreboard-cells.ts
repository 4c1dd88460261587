import type { AcmContestRankRow } from '@oj/shared';

/** Scoreboard cell states and colours. */
export type AcmCellState = 'first-ac' | 'ac' | 'try' | 'wa' | 'none';

type AcmInfo = AcmContestRankRow['submissionInfo'][string];

export const acmCellState = (info: AcmInfo | undefined): AcmCellState => {
  if (!info) return 'none';
  if (info.isAC) return info.isFirstAC ? 'first-ac' : 'ac';
  if (info.tryNum > 0) return 'try';
  if (info.errorNum > 0) return 'wa';
  return 'none';
};

export const ACM_CELL_COLORS: Record<AcmCellState, string | undefined> = {
  'first-ac': '#1a8f3c',
  ac: '#a9f5af',
  try: '#ffe58f',
  wa: '#ffa39e',
  none: undefined,
};

/** The text of an ACM cell: the AC minute and the rejected tries (-n), or the pending tries (?n). */
export const acmCellText = (info: AcmInfo | undefined) => {
  const state = acmCellState(info);
  if (!info || state === 'none') return '';
  if (state === 'ac' || state === 'first-ac') {
    const minutes = Math.floor((info.ACTime ?? 0) / 60);
    return info.errorNum > 0 ? `${minutes} (-${info.errorNum})` : String(minutes);
  }
  if (state === 'try') return info.errorNum > 0 ? `-${info.errorNum} ?${info.tryNum}` : `?${info.tryNum}`;
  return `-${info.errorNum}`;
};

export type OiCellState = 'full' | 'zero' | 'partial';
export const oiCellState = (score: number, full = 100): OiCellState =>
  score >= full ? 'full' : score <= 0 ? 'zero' : 'partial';
export const OI_CELL_COLORS: Record<OiCellState, string> = { full: '#52c41a', zero: '#ff4d4f', partial: '#1677ff' };

/** Scoreboard page sizes. */
export const SCOREBOARD_PAGE_SIZES = [10, 30, 50, 100, 300];
export const SCOREBOARD_DEFAULT_PAGE_SIZE = 50;
export const SCOREBOARD_REFRESH_MS = 30_000;
export const ANNOUNCEMENT_POLL_MS = 60_000;

/** A board page as the server sends it: the rows pinned on top (the viewer's own, then followed users', each once
 * and only if on the board) before the page's rows. They are told apart by walking the
 * candidates in the server's order: a candidate missing from the board is not pinned, and then not on the page. */
export const splitPinned = <R extends { uid: string }>(
  records: R[],
  pin: { viewerUid?: string; concerned: string[] },
): { pinned: (R & { own: boolean })[]; rows: R[] } => {
  const candidates = [...new Set([...(pin.viewerUid ? [pin.viewerUid] : []), ...pin.concerned])];
  const pinned: (R & { own: boolean })[] = [];
  let i = 0;
  for (const uid of candidates) {
    if (records[i]?.uid !== uid) continue;
    pinned.push({ ...records[i], own: uid === pin.viewerUid });
    i += 1;
  }
  return { pinned, rows: records.slice(i) };
};

export const OWN_ROW_BACKGROUND = '#e6f4ff';
export const FOLLOWED_ROW_BACKGROUND = '#fffbe6';
export const PINNED_ROW_EDGE = '#91caff';
