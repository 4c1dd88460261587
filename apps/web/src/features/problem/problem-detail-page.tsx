import {
  CommentOutlined,
  CompressOutlined,
  DownloadOutlined,
  ExpandOutlined,
  MenuFoldOutlined,
  MenuUnfoldOutlined,
  PieChartOutlined,
} from '@ant-design/icons';
import { contest as contestContract, problem as contract, submission as submissionContract } from '@oj/shared';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Empty, Modal, Result, Space, Spin, Table, Tabs, Tooltip } from 'antd';
import dayjs from 'dayjs';
import { type PointerEvent as ReactPointerEvent, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import { EChart } from '../../components/echart';
import { api } from '../../lib/api';
import { useSession } from '../../lib/auth-store';
import { saveBlob } from '../../lib/http-client';
import { useMaxWidth } from '../../lib/use-media-query';
import { useWebsiteConfig } from '../site/use-website-config';
import { formatRunMemory, formatRunTime } from '../submission/judge-status';
import { StatusTag } from '../submission/status-tag';
import { CodePanel } from './code-panel';
import { FocusProblemSwitcher } from './focus-problem-switcher';
import { ProblemDescription, parseExamples } from './problem-description';
import './problem-detail.css';
import { serverPaging } from '../../components/paging';
import { queryKey } from '../../lib/query-keys';
import { type ProblemPlace, problemPlace } from './problem-place';

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

const MY_SUBMISSIONS_PAGE_SIZE = 10;

const MySubmissions = ({ problemId, place }: { problemId: string; place: ProblemPlace }) => {
  const { t } = useTranslation(['problem', 'submission']);
  const { isAuthenticated } = useSession();
  const [currentPage, setCurrentPage] = useState(1);
  const list = useQuery({
    queryKey: queryKey(submissionContract.getSubmissionList, 'mine', ...place.mineKey, problemId, currentPage),
    queryFn: () => place.loadMine({ problemId, currentPage, limit: MY_SUBMISSIONS_PAGE_SIZE }),
    enabled: isAuthenticated,
  });
  if (!isAuthenticated) return <Alert type="warning" showIcon title={t('Login_To_See_Submissions')} />;
  return (
    <Table
      rowKey="submitId"
      size="small"
      loading={list.isFetching}
      dataSource={list.data?.records ?? []}
      pagination={serverPaging(currentPage, MY_SUBMISSIONS_PAGE_SIZE, list.data?.total, setCurrentPage)}
      columns={[
        {
          title: t('Submit_Time'),
          dataIndex: 'submitTime',
          render: (v: string) => dayjs(v).format('YYYY-MM-DD HH:mm:ss'),
        },
        {
          title: t('Status'),
          dataIndex: 'status',
          render: (s: number, r) => (
            <Link to={place.submissionPath(r.submitId)}>
              <StatusTag status={s} />
            </Link>
          ),
        },
        { title: t('Time'), dataIndex: 'time', render: (_, r) => formatRunTime(r) },
        { title: t('Memory'), dataIndex: 'memory', render: (_, r) => formatRunMemory(r) },
        { title: t('Language'), dataIndex: 'language' },
      ]}
    />
  );
};

const Annex = ({ problemId, names }: { problemId: string; names: string[] }) => {
  const { t } = useTranslation(['problem', 'submission']);
  return (
    <ul style={{ listStyle: 'none', padding: 0 }}>
      {names.map((name) => (
        <li key={name} style={{ padding: '6px 0' }}>
          <Space>
            <span>{name}</span>
            <Button
              size="small"
              icon={<DownloadOutlined />}
              onClick={async () => {
                const file = await api.download(contract.downloadProblemAnnex, { problemId, name });
                if (file) saveBlob(file);
              }}
            >
              {t('Download')}
            </Button>
          </Space>
        </li>
      ))}
    </ul>
  );
};

const STAT_FIELDS = [
  ['ac', 'Status_Accepted'],
  ['wa', 'Status_WrongAnswer'],
  ['tle', 'Status_TimeLimitExceeded'],
  ['mle', 'Status_MemoryLimitExceeded'],
  ['re', 'Status_RuntimeError'],
  ['pe', 'Status_PresentationError'],
  ['ce', 'Status_CompileError'],
  ['pa', 'Status_PartialAccepted'],
  ['se', 'Status_SystemError'],
] as const;

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
  const [statsOpen, setStatsOpen] = useState(false);
  const [language, setLanguage] = useState('');
  const [leftPx, setLeftPx] = useState<number | null>(null);
  const splitBox = useRef<HTMLDivElement>(null);

  const detail = useQuery({
    queryKey: place.detailKey,
    queryFn: place.loadDetail,
    retry: false,
  });
  const data = detail.data;
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
      <Result
        status="warning"
        title={detail.error.message}
        extra={<Button onClick={() => navigate(place.listPath)}>{t('Problem_List')}</Button>}
      />
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

  const left = (
    <Tabs
      items={[
        {
          key: 'description',
          label: t('Problem_Description'),
          children: problem && data && (
            <ProblemDescription
              data={{ ...problem, tags: data.tags, timeLimit: limits.timeLimit, memoryLimit: limits.memoryLimit }}
              limitsNote={language ? t('Limits_For', { language }) : undefined}
            />
          ),
        },
        {
          key: 'mine',
          label: t('My_Submission'),
          children: <MySubmissions problemId={bankProblemId} place={place} />,
        },
        ...(annex.length
          ? [{ key: 'annex', label: t('Problem_Annex'), children: <Annex problemId={bankProblemId} names={annex} /> }]
          : []),
      ]}
    />
  );

  const right = (
    <CodePanel
      problem={
        problem && data
          ? {
              id: problem.id,
              problemId: problem.problemId,
              type: problem.type,
              judgeMode: problem.judgeMode,
              languages: data.languages,
              codeTemplate: data.codeTemplate,
              firstExample: parseExamples(problem.examples)[0],
            }
          : null
      }
      isAuthenticated={isAuthenticated}
      loadFailed={!!detail.error}
      myStatus={pid !== undefined ? myStatus.data?.[String(pid)]?.status : undefined}
      onLanguageChange={setLanguage}
      onJudged={onJudged}
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
        {place.focusSwitcher && focus && <FocusProblemSwitcher {...place.focusSwitcher} current={place.routeId} />}
        {data?.problemCount && (
          <Button icon={<PieChartOutlined />} onClick={() => setStatsOpen(true)}>
            {t('Statistic')}
          </Button>
        )}
        {discussionPath && (
          <Tooltip title={t('Discussion')}>
            <Link to={discussionPath}>
              <CommentOutlined /> {t('Discussion')}
            </Link>
          </Tooltip>
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
      <Modal
        open={statsOpen}
        title={t('Problem_Statistics')}
        footer={null}
        onCancel={() => setStatsOpen(false)}
        destroyOnHidden
      >
        {data?.problemCount && data.problemCount.total > 0 ? (
          <EChart
            label={t('Problem_Statistics')}
            option={{
              tooltip: { trigger: 'item', formatter: '{b}: {c} ({d}%)' },
              legend: { bottom: 0, type: 'scroll' },
              series: [
                {
                  type: 'pie',
                  radius: ['35%', '65%'],
                  data: STAT_FIELDS.map(([field, key]) => ({
                    name: t(key),
                    value: data.problemCount?.[field] ?? 0,
                  })).filter((d) => d.value > 0),
                },
              ],
            }}
            style={{ height: 360 }}
          />
        ) : (
          <Empty />
        )}
      </Modal>
    </div>
  );
};

export default ProblemDetailPage;
