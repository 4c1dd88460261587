import {
  CommentOutlined,
  CompressOutlined,
  DownloadOutlined,
  ExpandOutlined,
  MenuFoldOutlined,
  MenuUnfoldOutlined,
  PieChartOutlined,
} from '@ant-design/icons';
import {
  contest as contestContract,
  problem as contract,
  groupProblem as groupProblemContract,
  submission as submissionContract,
  training as trainingContract,
} from '@oj/shared';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Empty, Modal, Result, Space, Spin, Table, Tabs, Tooltip } from 'antd';
import dayjs from 'dayjs';
import { type PointerEvent as ReactPointerEvent, useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import { hasFeature } from '../../app/features';
import { EChart } from '../../components/echart';
import { api } from '../../lib/api';
import { useSession } from '../../lib/auth-store';
import { saveBlob } from '../../lib/http-client';
import { useMaxWidth } from '../../lib/use-media-query';
import { registerCorePagesTexts } from '../../locales/core-pages-texts';
import { registerContestTexts } from '../contest/contest-texts';
import { useWebsiteConfig } from '../site/use-website-config';
import { formatRunMemory, formatRunTime } from '../submission/judge-status';
import { StatusTag } from '../submission/status-tag';
import { groupSubmissionDetailPath, submissionDetailPath } from '../submission/submission-paths';
import { CodePanel } from './code-panel';
import { FocusProblemSwitcher } from './focus-problem-switcher';
import { ProblemDescription, parseExamples } from './problem-description';
import { takeEarlyProblemDetail } from './problem-detail-early';
import './problem-detail.css';
import { serverPaging } from '../../components/paging';

/** Split pane minimums (spec 1-core §9). */
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

/** Training problems have their focus mode as a route of its own (spec 1-core §2 "Problem detail", spec 3 §2.1), a
 * group's training's under the group (GroupTrainingFullProblemDetails). */
export const trainingProblemPaths = (tid: number | string, displayId: string, gid?: number | null) => {
  const normal = `${gid ? `/group/${gid}` : ''}/training/${tid}/problem/${encodeURIComponent(displayId)}`;
  return { normal, focus: `${normal}/full-screen` };
};

/** A group's problems too (spec 3 §2.1 GroupFullProblemDetails). */
export const groupProblemPaths = (gid: number | string, problemId: string) => {
  const normal = `/group/${gid}/problem/${encodeURIComponent(problemId)}`;
  return { normal, focus: `${normal}/full-screen` };
};

const MY_SUBMISSIONS_PAGE_SIZE = 10;

const MySubmissions = ({ problemId, cid, gid }: { problemId: string; cid: number | null; gid: number | null }) => {
  const { t } = useTranslation();
  const { isAuthenticated } = useSession();
  const [currentPage, setCurrentPage] = useState(1);
  const list = useQuery({
    queryKey: [submissionContract.getSubmissionList.path, 'mine', cid, gid, problemId, currentPage],
    queryFn: () =>
      cid
        ? api.call(contestContract.getContestSubmissions, {
            contestID: cid,
            onlyMine: 'true',
            problemID: problemId,
            currentPage,
            limit: MY_SUBMISSIONS_PAGE_SIZE,
          })
        : api.call(submissionContract.getSubmissionList, {
            onlyMine: 'true',
            problemID: problemId,
            completeProblemID: 'true',
            gid: gid ?? undefined,
            currentPage,
            limit: MY_SUBMISSIONS_PAGE_SIZE,
          }),
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
            <Link
              to={
                gid
                  ? groupSubmissionDetailPath(gid, r.submitId)
                  : submissionDetailPath(r.submitId, cid ? { cid, displayId: problemId } : undefined)
              }
            >
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
  const { t } = useTranslation();
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
  registerCorePagesTexts();
  registerContestTexts();
  const { t } = useTranslation();
  // Inside a contest or a training the same page shows the set's problem by its display id (spec 2 §2).
  const { problemID = '', contestID, trainingID, groupID } = useParams();
  const cid = contestID ? Number(contestID) : null;
  const tid = !cid && trainingID ? Number(trainingID) : null;
  // A group's own problem (spec 3 §2.1 GroupProblemDetails): read, submitted and listed with the group's id.
  const gid = !cid && tid === null && groupID ? Number(groupID) : null;
  // A group's training (GroupTrainingProblemDetails): read as a training's problem, submitted with both ids.
  const trainingGid = tid !== null && groupID ? Number(groupID) : null;
  const submitGid = gid ?? trainingGid;
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
  const routed = tid !== null || gid !== null;
  const routeFocus = routed && /\/full-screen\/?$/.test(pathname);
  const focus = routed ? routeFocus : focusState;
  const setFocus = useCallback(
    (next: boolean) => {
      if (tid === null && gid === null) {
        setFocusState(next);
        return;
      }
      if (next === routeFocus) return;
      const paths =
        tid !== null ? trainingProblemPaths(tid, problemID, trainingGid) : groupProblemPaths(gid ?? 0, problemID);
      navigate(next ? paths.focus : paths.normal);
    },
    [tid, gid, trainingGid, routeFocus, problemID, navigate],
  );
  const [statsOpen, setStatsOpen] = useState(false);
  const [language, setLanguage] = useState('');
  const [leftPx, setLeftPx] = useState<number | null>(null);
  const splitBox = useRef<HTMLDivElement>(null);

  const detail = useQuery({
    queryKey: [contract.getProblemDetail.path, problemID, cid, tid, gid],
    queryFn: async () => {
      if (tid)
        return {
          ...(await api.call(trainingContract.getTrainingProblemDetails, { tid, displayId: problemID })),
          hasSubmitted: false,
        };
      if (!cid)
        return {
          ...(await ((gid === null ? takeEarlyProblemDetail(problemID) : undefined) ??
            api.call(contract.getProblemDetail, { problemId: problemID, gid: gid ?? undefined }))),
          hasSubmitted: false,
        };
      const d = await api.call(contestContract.getContestProblemDetails, { cid, displayId: problemID });
      // Contest problems are judged with their own limits; the public statistics are not shown in a contest.
      return {
        ...d,
        languageLimits: {} as Record<string, { timeLimit: number; memoryLimit: number }>,
        problemCount: null,
      };
    },
    retry: false,
  });
  const data = detail.data;
  const pid = data?.problem.id;
  // The contest (cached by the shell) decides whether an earlier submission is overwritten (OI only).
  const contestInfo = useQuery({
    queryKey: [contestContract.getContestInfo.path, cid],
    queryFn: () => api.call(contestContract.getContestInfo, { cid: cid ?? 0 }),
    enabled: cid !== null,
  });

  const myStatus = useQuery({
    queryKey: [contract.getUserProblemStatus.path, [pid]],
    queryFn: () =>
      api.call(contract.getUserProblemStatus, {
        pidList: [pid ?? 0],
        isContestProblemList: !!cid,
        cid: cid ?? undefined,
      }),
    enabled: isAuthenticated && pid !== undefined,
  });

  const onJudged = useCallback(() => {
    void queryClient.invalidateQueries({ queryKey: [contract.getProblemDetail.path, problemID] });
    void queryClient.invalidateQueries({ queryKey: [contract.getUserProblemStatus.path] });
    void queryClient.invalidateQueries({ queryKey: [contract.getProblemList.path] });
    if (cid) void queryClient.invalidateQueries({ queryKey: [contestContract.getContestProblem.path, cid] });
    if (tid) {
      void queryClient.invalidateQueries({ queryKey: [trainingContract.getTrainingProblemList.path, tid] });
      void queryClient.invalidateQueries({ queryKey: [contract.getFullScreenProblemList.path, 'training', tid] });
    }
    if (gid) void queryClient.invalidateQueries({ queryKey: [groupProblemContract.getGroupProblemList.path, gid] });
  }, [queryClient, problemID, cid, tid, gid]);

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
    const listPath = cid
      ? `/contest/${cid}/problems`
      : tid
        ? `${trainingGid ? `/group/${trainingGid}` : ''}/training/${tid}/problems`
        : gid
          ? `/group/${gid}/problem`
          : '/problem';
    return (
      <Result
        status="warning"
        title={detail.error.message}
        extra={<Button onClick={() => navigate(listPath)}>{t('Problem_List')}</Button>}
      />
    );
  }

  const problem = data?.problem;
  const limits = (language && data?.languageLimits[language]) || {
    timeLimit: problem?.timeLimit ?? 0,
    memoryLimit: problem?.memoryLimit ?? 0,
  };
  const annex = annexFileNames(problem?.userExtraFile);
  // Discussions belong to a problem's own page: the bank's (the site's discussions) or a group's (the group's, spec 3
  // §2.9); never inside a contest (spec 1-core "Problem detail") nor a training, whose pages keep the learner there.
  const discussionPath =
    cid || tid !== null
      ? null
      : gid === null
        ? hasFeature('discussion') && config?.openPublicDiscussion
          ? `/discussion/${encodeURIComponent(problemID)}`
          : null
        : hasFeature('group-content') && config?.openGroupDiscussion
          ? `/group/${gid}/discussion/${encodeURIComponent(problemID)}`
          : null;
  // A training names its problems by display id; the public bank (submissions, annexes) by the problem's own id.
  const bankProblemId = tid ? (problem?.problemId ?? problemID) : problemID;

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
          children: <MySubmissions problemId={bankProblemId} cid={cid} gid={submitGid} />,
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
      contest={
        cid
          ? {
              cid,
              displayId: problemID,
              // OI contests without the real-time rank keep only the last submission: ask before replacing it.
              confirmOverwrite: !!data?.hasSubmitted && contestInfo.data?.type === 1,
            }
          : undefined
      }
      training={tid ? { tid, displayId: problemID } : undefined}
      group={submitGid ? { gid: submitGid } : undefined}
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
        {tid !== null && focus && <FocusProblemSwitcher tid={tid} gid={trainingGid} current={problemID} />}
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
