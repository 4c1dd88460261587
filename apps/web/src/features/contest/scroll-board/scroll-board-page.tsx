import { contestStaff } from '@oj/shared';

import { useQuery } from '@tanstack/react-query';
import { Button, ConfigProvider, Result, Spin, theme } from 'antd';
import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { api } from '../../../lib/api';
import { usePageTitle } from '../../../lib/use-page-title';
import {
  buildScrollBoard,
  formatPenalty,
  type MedalCounts,
  type ScrollBoardInfo,
  type ScrollBoardState,
  type ScrollBoardSubmission,
  type ScrollCell,
  stepScrollBoard,
  teamName,
} from './scroll-board-engine';
import './scroll-board.css';
import { queryKey } from '../../../lib/query-keys';

/** Auto play: one step this often. */
const AUTO_STEP_MS = 1500;
const SLIDE_MS = 800;

const count = (v: string | undefined) => {
  const n = Number(v);
  return Number.isInteger(n) && n > 0 ? n : 0;
};

/** cid, removeStar and medals[] (gold, silver, bronze) from the address the config tab opened; `medals[]=`, as
 * an array-style query (HOJ's client) writes it, is read too. */
export const readScrollBoardQuery = (params: URLSearchParams) => {
  const medals = params.has('medals') ? params.getAll('medals') : params.getAll('medals[]');
  const cid = Number(params.get('cid'));
  return {
    cid: Number.isInteger(cid) && cid > 0 ? cid : null,
    removeStar: params.get('removeStar') === 'true',
    medals: { gold: count(medals[0]), silver: count(medals[1]), bronze: count(medals[2]) } satisfies MedalCounts,
  };
};

const pendingCells = (s: ScrollBoardState) =>
  s.teams.reduce((n, t) => n + t.cells.filter((c) => c.state === 'pending').length, 0);

const Cell = ({ cell, first, flash }: { cell: ScrollCell; first: boolean; flash: boolean }) => {
  const { t } = useTranslation('contest');
  const minute = cell.acTimeS === null ? 0 : Math.floor(cell.acTimeS / 60);
  const id = cell.displayId;
  let text = '';
  let label: string;
  let kind: string = cell.state;
  if (cell.state === 'ac') {
    kind = first ? 'first-ac' : 'ac';
    text = `${cell.attempts}/${minute}`;
    label = t(first ? 'SB_Cell_First_AC' : 'SB_Cell_AC', { id, minute, count: cell.attempts });
  } else if (cell.state === 'wrong') {
    text = String(cell.attempts);
    label = t('SB_Cell_Wrong', { id, count: cell.attempts });
  } else if (cell.state === 'pending') {
    text = `? ${cell.attempts + cell.hidden}`;
    label = t('SB_Cell_Pending', { id, count: cell.attempts + cell.hidden });
  } else {
    label = t('SB_Cell_None', { id });
  }
  return (
    <td className={`sb-cell sb-cell-${kind}${flash ? ' sb-flash' : ''}`} aria-label={label} data-state={kind}>
      <span>{text}</span>
    </td>
  );
};

/** The ceremony itself: one step per key press (or per tick in auto play), rows sliding into place. */
const ScrollBoard = ({
  info,
  submissions,
  medals,
}: {
  info: ScrollBoardInfo & { title: string; rankShowName: string };
  submissions: ScrollBoardSubmission[];
  medals: MedalCounts;
}) => {
  const { t } = useTranslation('contest');
  const [state, setState] = useState(() => buildScrollBoard(info, submissions, medals));
  const [steps, setSteps] = useState(0);
  const [auto, setAuto] = useState(false);
  const totalPending = useMemo(
    () => pendingCells(buildScrollBoard(info, submissions, medals)),
    [info, submissions, medals],
  );
  const revealed = totalPending - pendingCells(state);

  const next = useCallback(() => {
    setState((s) => stepScrollBoard(s));
    setSteps((n) => n + 1);
  }, []);

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.ctrlKey || e.metaKey || e.altKey) return;
      const onButton = e.target instanceof HTMLButtonElement;
      // A focused button already answers Enter and Space with a click.
      if (onButton && (e.key === 'Enter' || e.key === ' ')) return;
      if (e.key === 'Enter' || e.key === ' ' || e.key === 'ArrowDown' || e.key === 'n' || e.key === 'N') {
        e.preventDefault();
        next();
      } else if (e.key === 'a' || e.key === 'A') {
        e.preventDefault();
        setAuto((a) => !a);
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [next]);

  useEffect(() => {
    if (!auto || state.finished) return;
    const timer = setTimeout(next, AUTO_STEP_MS);
    return () => clearTimeout(timer);
  }, [auto, state, next]);
  useEffect(() => {
    if (state.finished) setAuto(false);
  }, [state.finished]);

  // Rows slide from where they were to where they are now (FLIP): the DOM order stays the board order.
  const rows = useRef(new Map<string, HTMLTableRowElement>());
  const tops = useRef(new Map<string, number>());
  useLayoutEffect(() => {
    const still = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;
    for (const team of state.teams) {
      const el = rows.current.get(team.uid);
      if (!el) continue;
      const top = el.offsetTop;
      const before = tops.current.get(team.uid);
      tops.current.set(team.uid, top);
      if (before === undefined || before === top || still) continue;
      el.style.transition = 'none';
      el.style.transform = `translateY(${before - top}px)`;
      el.style.zIndex = '2';
      el.getBoundingClientRect();
      requestAnimationFrame(() => {
        el.style.transition = `transform ${SLIDE_MS}ms ease-in-out`;
        el.style.transform = '';
        el.addEventListener('transitionend', () => el.style.removeProperty('z-index'), { once: true });
      });
    }
  }, [state.teams]);

  const current = state.cursor >= 0 ? state.teams[state.cursor] : undefined;
  useEffect(() => {
    if (!current) return;
    const el = rows.current.get(current.uid);
    el?.scrollIntoView?.({ block: 'center', behavior: 'smooth' });
  }, [current]);

  const flashKey = state.last?.kind === 'reveal' ? `${state.last.uid}/${state.last.displayId}` : null;

  return (
    <div className="sb-root">
      <header className="sb-header">
        <h1>{info.title}</h1>
        <span role="status" className={state.finished ? 'sb-status sb-status-finished' : 'sb-status'}>
          {state.finished ? t('SB_Finished') : t('SB_Progress', { done: revealed, total: totalPending })}
        </span>
        <Button type="primary" onClick={next} disabled={state.finished}>
          {t('SB_Next')}
        </Button>
        <Button aria-pressed={auto} type={auto ? 'primary' : 'default'} onClick={() => setAuto((a) => !a)}>
          {t('SB_Auto')}
        </Button>
        <span className="sb-keys">{t('SB_Keys')}</span>
      </header>
      <table className="sb-table" aria-label={t('SB_Board')} data-steps={steps}>
        <thead>
          <tr>
            <th scope="col">{t('SB_Rank')}</th>
            <th scope="col" className="sb-left">
              {t('SB_Name')}
            </th>
            <th scope="col" className="sb-left">
              {t('SB_School')}
            </th>
            <th scope="col">{t('SB_Solved')}</th>
            <th scope="col">{t('SB_Penalty')}</th>
            {state.problems.map((p) => (
              <th scope="col" key={p.displayId} title={p.displayTitle}>
                {p.color && <span className="sb-balloon" style={{ background: p.color }} aria-hidden />}
                {p.displayId}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {state.teams.map((team, index) => {
            const isCurrent = index === state.cursor;
            return (
              <tr
                key={team.uid}
                ref={(el) => {
                  if (el) rows.current.set(team.uid, el);
                  else rows.current.delete(team.uid);
                }}
                className={`sb-row${isCurrent ? ' sb-row-current' : ''}${team.finalized ? ' sb-row-final' : ''}`}
                aria-current={isCurrent ? 'true' : undefined}
              >
                <td className="sb-rank">{team.rank ?? <span title={t('SB_Star')}>*</span>}</td>
                <td className="sb-left">
                  <span className="sb-name">{teamName(team, info.rankShowName)}</span>
                  {team.medal && (
                    <span className={`sb-medal sb-medal-${team.medal}`}>{t(`SB_Medal_${team.medal}`)}</span>
                  )}
                </td>
                <td className="sb-left sb-school">{team.school}</td>
                <td>{team.solved}</td>
                <td>{formatPenalty(team.penaltyS)}</td>
                {team.cells.map((c) => (
                  <Cell
                    key={c.displayId}
                    cell={c}
                    first={c.state === 'ac' && !team.star && state.firstAcS[c.displayId] === c.acTimeS}
                    flash={flashKey === `${team.uid}/${c.displayId}`}
                  />
                ))}
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
};

/** /scrollBoard: the medal ceremony in its own window, without the site frame. */
const ScrollBoardPage = () => {
  const { t } = useTranslation('contest');
  const [params] = useSearchParams();
  const { cid, removeStar, medals } = useMemo(() => readScrollBoardQuery(params), [params]);
  const info = useQuery({
    queryKey: queryKey(contestStaff.getContestScrollBoardInfo, cid),
    queryFn: () => api.call(contestStaff.getContestScrollBoardInfo, { cid: cid as number }),
    enabled: cid !== null,
    staleTime: Number.POSITIVE_INFINITY,
  });
  const submissions = useQuery({
    queryKey: queryKey(contestStaff.getContestScrollBoardSubmission, cid, removeStar),
    queryFn: () => api.call(contestStaff.getContestScrollBoardSubmission, { cid: cid as number, removeStar }),
    enabled: cid !== null,
    staleTime: Number.POSITIVE_INFINITY,
  });
  const failed = cid === null || info.error || submissions.error;
  usePageTitle(info.data ? `${t('SB_Title')} - ${info.data.title}` : t('SB_Title'));

  return (
    <ConfigProvider theme={{ algorithm: theme.darkAlgorithm }}>
      {failed ? (
        <div className="sb-root">
          <Result
            status="warning"
            title={cid === null ? t('SB_Bad_Link') : t('SB_Load_Failed')}
            subTitle={(info.error ?? submissions.error)?.message}
          />
        </div>
      ) : info.data && submissions.data ? (
        <ScrollBoard info={info.data} submissions={submissions.data} medals={medals} />
      ) : (
        <div className="sb-root">
          <Spin style={{ display: 'block', padding: 96 }} />
        </div>
      )}
    </ConfigProvider>
  );
};

export default ScrollBoardPage;
