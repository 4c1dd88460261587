import {
  CommentOutlined,
  CompressOutlined,
  ExpandOutlined,
  MenuFoldOutlined,
  MenuUnfoldOutlined,
  PieChartOutlined,
} from '@ant-design/icons';
import { contest as contestContract, problem as contract } from '@oj/shared';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Space, Spin } from 'antd';
import {
  type PointerEvent as ReactPointerEvent,
  Suspense,
  useCallback,
  useDeferredValue,
  useEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import { api } from '../../lib/api';
import { useSession } from '../../lib/auth-store';
import { lazyScreen } from '../../lib/lazy-screen';
import { queryKey } from '../../lib/query-keys';
import { useMaxWidth } from '../../lib/use-media-query';
import { useWebsiteConfig } from '../site/use-website-config';
import { CodePanel } from './code-panel';
import { parseExamples } from './problem-examples';
import './problem-detail.css';
import { sidePart } from './problem-parts';
import { problemPlace } from './problem-place';

// What the page shows later, or only on request, is fetched then (decision 0045): the statistics dialog, the
// focus mode's problem switcher, the error view.
const ProblemStatistics = lazyScreen(() => import('./problem-statistics'));
const FocusProblemSwitcher = lazyScreen(() =>
  import('./focus-problem-switcher').then((m) => ({ default: m.FocusProblemSwitcher })),
);
const ProblemLoadError = lazyScreen(() => import('./problem-load-error'));

/** Split pane minimums: below them the panes stack. */
export const MIN_LEFT_PX = 420;
export const MIN_RIGHT_PX = 580;
const HANDLE_PX = 8;

export const clampSplit = (left: number, total: number) =>
  Math.max(MIN_LEFT_PX, Math.min(left, Math.max(MIN_LEFT_PX, total - MIN_RIGHT_PX - HANDLE_PX)));

/** The problem annex: HOJ encodes userExtraFile as a JSON string {fileName: content}. */
export const annexFileNames = (raw: string | null | undefined): string[] => {
  if (!raw) return [];
  try {
    const files: unknown = JSON.parse(raw);
    return files && typeof files === 'object' && !Array.isArray(files) ? Object.keys(files) : [];
  } catch {
    return [];
  }
};

const ProblemDetailPage = () => {
  const { t } = useTranslation(['problem', 'submission']);
  // The same page shows the bank's problems, a contest's, a training's and a group's: where it is, and all that
  // differs there, is resolved once (problem-place.ts).
  const { problemID, contestID, trainingID, groupID } = useParams();
  const place = useMemo(
    () => problemPlace({ problemID, contestID, trainingID, groupID }),
    [problemID, contestID, trainingID, groupID],
  );
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const queryClient = useQueryClient();
  const { isAuthenticated } = useSession();
  const config = useWebsiteConfig().data;
  // Below the two minimums side by side (plus the page's padding) the panes stack.
  const wide = !useMaxWidth(MIN_LEFT_PX + MIN_RIGHT_PX + 80);
  const [folded, setFolded] = useState(false);
  const [focusState, setFocusState] = useState(false);
  // A training's (and a group's) focus mode is its full-screen route; elsewhere it is a state of the page.
  const { focusPaths } = place;
  const routeFocus = focusPaths !== null && /\/full-screen\/?$/.test(pathname);
  const focus = focusPaths ? routeFocus : focusState;
  const setFocus = useCallback(
    (next: boolean) => {
      if (!focusPaths) {
        setFocusState(next);
        return;
      }
      if (next === routeFocus) return;
      navigate(next ? focusPaths.focus : focusPaths.normal);
    },
    [focusPaths, routeFocus, navigate],
  );
  // The statistics dialog is mounted from its first opening on (its chunk arrives then), and kept for its closing.
  const [statsOpen, setStatsOpen] = useState<boolean | null>(null);
  // The statement shows its text at once and is laid out as markdown (with KaTeX, a large chunk) once the editor is
  // there, so the two do not compete for the first second (decision 0045); without the editor (folded), at once.
  const [markdownOn, setMarkdownOn] = useState(false);
  const showMarkdown = useCallback(() => setMarkdownOn(true), []);
  const [language, setLanguage] = useState('');
  const [leftPx, setLeftPx] = useState<number | null>(null);
  const splitBox = useRef<HTMLDivElement>(null);

  const detail = useQuery({
    queryKey: place.detailKey,
    queryFn: place.loadDetail,
    initialData: place.arrivedDetail,
    retry: false,
  });
  const data = detail.data;
  const side = sidePart.use();
  // Beside the editor, the statement's side renders after the code panel (a deferred render, which React may
  // interrupt): the editor's first frame and first keystroke come first, the statement a moment later (decision 0045).
  // Stacked, the statement is above the editor and shown with it, so that the editor does not move down once shown.
  const sideReady = !!side && !!data;
  const sideDeferred = useDeferredValue(sideReady);
  const sideShown = wide && !folded ? sideDeferred : sideReady;
  // The code panel's view of the problem, the same object while the problem is (the panel skips the page's re-renders).
  const codeProblem = useMemo(
    () =>
      data
        ? {
            id: data.problem.id,
            problemId: data.problem.problemId,
            type: data.problem.type,
            judgeMode: data.problem.judgeMode,
            languages: data.languages,
            codeTemplate: data.codeTemplate,
            firstExample: parseExamples(data.problem.examples)[0],
          }
        : null,
    [data],
  );
  const pid = data?.problem.id;
  // The contest (cached by the shell) decides whether an earlier submission is overwritten (OI only).
  const contestInfo = useQuery({
    queryKey: queryKey(contestContract.getContestInfo, place.contestId),
    queryFn: () => api.call(contestContract.getContestInfo, { cid: place.contestId ?? 0 }),
    enabled: place.contestId !== null,
  });

  const myStatus = useQuery({
    queryKey: queryKey(contract.getUserProblemStatus, [pid]),
    queryFn: () => api.call(contract.getUserProblemStatus, { pidList: [pid ?? 0], ...place.statusQuery }),
    enabled: isAuthenticated && pid !== undefined,
  });

  const onJudged = useCallback(() => {
    for (const key of [
      queryKey(contract.getProblemDetail, place.routeId),
      queryKey(contract.getUserProblemStatus),
      queryKey(contract.getProblemList),
      ...place.listKeys,
    ])
      void queryClient.invalidateQueries({ queryKey: key });
  }, [queryClient, place]);

  useEffect(() => {
    if (!focus) return;
    const onKey = (e: KeyboardEvent) => e.key === 'Escape' && setFocus(false);
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [focus, setFocus]);

  const startDrag = (e: ReactPointerEvent<HTMLDivElement>) => {
    const box = splitBox.current;
    if (!box) return;
    e.currentTarget.setPointerCapture(e.pointerId);
    const rect = box.getBoundingClientRect();
    const move = (ev: PointerEvent) => setLeftPx(clampSplit(ev.clientX - rect.left, rect.width));
    const up = () => {
      window.removeEventListener('pointermove', move);
      window.removeEventListener('pointerup', up);
    };
    window.addEventListener('pointermove', move);
    window.addEventListener('pointerup', up);
  };

  if (detail.isLoading) return <Spin style={{ display: 'block', padding: 96 }} />;
  if (detail.error && !data) {
    return (
      <Suspense fallback={null}>
        <ProblemLoadError message={detail.error.message} onBack={() => navigate(place.listPath)} />
      </Suspense>
    );
  }

  const problem = data?.problem;
  const limits = (language && data?.languageLimits[language]) || {
    timeLimit: problem?.timeLimit ?? 0,
    memoryLimit: problem?.memoryLimit ?? 0,
  };
  const annex = annexFileNames(problem?.userExtraFile);
  const { discussion } = place;
  const discussionPath = discussion && config?.[discussion.setting] ? discussion.path : null;
  const bankProblemId = place.bankProblemId(problem?.problemId);

  const left =
    side && sideShown ? (
      <side.ProblemSide
        description={
          problem && data
            ? { ...problem, tags: data.tags, timeLimit: limits.timeLimit, memoryLimit: limits.memoryLimit }
            : null
        }
        limitsNote={language ? t('Limits_For', { language }) : undefined}
        renderMarkdown={markdownOn || folded}
        place={place}
        bankProblemId={bankProblemId}
        annex={annex}
      />
    ) : (
      <Spin style={{ display: 'block', padding: 48 }} />
    );

  const right = (
    <CodePanel
      problem={codeProblem}
      isAuthenticated={isAuthenticated}
      loadFailed={!!detail.error}
      myStatus={pid !== undefined ? myStatus.data?.[String(pid)]?.status : undefined}
      onLanguageChange={setLanguage}
      onJudged={onJudged}
      onEditorShown={showMarkdown}
      place={place}
      // OI contests without the real-time rank keep only the last submission: ask before replacing it.
      confirmOverwrite={!!data?.hasSubmitted && contestInfo.data?.type === 1}
    />
  );

  const split = wide && !folded;
  return (
    <div className={focus ? 'oj-problem oj-problem--focus' : 'oj-problem'}>
      <Space className="oj-problem__toolbar" wrap>
        <Button icon={folded ? <MenuUnfoldOutlined /> : <MenuFoldOutlined />} onClick={() => setFolded((f) => !f)}>
          {folded ? t('Unfold') : t('Fold')}
        </Button>
        <Button icon={focus ? <CompressOutlined /> : <ExpandOutlined />} onClick={() => setFocus(!focus)}>
          {focus ? t('Exit_Focus_Mode') : t('Focus_Mode')}
        </Button>
        {place.focusSwitcher && focus && (
          <Suspense fallback={null}>
            <FocusProblemSwitcher {...place.focusSwitcher} current={place.routeId} />
          </Suspense>
        )}
        {data?.problemCount && (
          <Button icon={<PieChartOutlined />} onClick={() => setStatsOpen(true)}>
            {t('Statistic')}
          </Button>
        )}
        {discussionPath && (
          <Link to={discussionPath}>
            <CommentOutlined /> {t('Discussion')}
          </Link>
        )}
      </Space>
      {split ? (
        <div className="oj-problem__split" ref={splitBox}>
          <div className="oj-problem__left" style={{ width: leftPx ?? '45%', minWidth: MIN_LEFT_PX }}>
            {left}
          </div>
          {/* biome-ignore lint/a11y/useSemanticElements: a draggable splitter has no native element. */}
          <div
            className="oj-problem__handle"
            role="separator"
            aria-orientation="vertical"
            aria-valuenow={leftPx ?? undefined}
            tabIndex={0}
            onPointerDown={startDrag}
            onKeyDown={(e) => {
              const box = splitBox.current;
              if (!box || (e.key !== 'ArrowLeft' && e.key !== 'ArrowRight')) return;
              const current = leftPx ?? box.getBoundingClientRect().width * 0.45;
              setLeftPx(clampSplit(current + (e.key === 'ArrowLeft' ? -40 : 40), box.getBoundingClientRect().width));
            }}
          />
          <div className="oj-problem__right" style={{ minWidth: MIN_RIGHT_PX }}>
            {right}
          </div>
        </div>
      ) : (
        <div className="oj-problem__stack">
          <div className="oj-problem__left">{left}</div>
          {!folded && <div className="oj-problem__right">{right}</div>}
        </div>
      )}
      {statsOpen !== null && (
        <Suspense fallback={null}>
          <ProblemStatistics open={statsOpen} onClose={() => setStatsOpen(false)} count={data?.problemCount} />
        </Suspense>
      )}
    </div>
  );
};

export default ProblemDetailPage;
