import { CheckCircleOutlined, PlayCircleOutlined, SettingOutlined } from '@ant-design/icons';
import { JUDGE_STATUS, LIMITS, problem as problemContract, submission as submissionContract } from '@oj/shared';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Space, Spin } from 'antd';
import { memo, Suspense, useCallback, useDeferredValue, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../lib/api';
import { lazyScreen } from '../../lib/lazy-screen';
import { useLiveUp } from '../../lib/live-events';
import { toast } from '../../lib/notify';
import { queryKey } from '../../lib/query-keys';
import { loginDialog } from '../../lib/ui-store';
import { useApiMutation } from '../../lib/use-api-mutation';
import type { CompileMarks } from '../diagnostics/editor-marks';
import { problemPageSubmissionKey, SUBMISSION_POLL_MS, submissionSettled } from '../submission/submission-polling';
import {
  codeAfterLanguageSwitch,
  type EditorSettings,
  initialLanguage,
  loadEditorSettings,
  loadProblemCode,
  saveEditorSettings,
  saveProblemCode,
} from './editor-storage';
import { editorPart, toolbarPart } from './problem-parts';
import type { ProblemPlace } from './problem-place';

// The editor and the row above it are parts of their own (problem-parts.ts). What the panel shows only once something
// happens is fetched then (decision 0045): the submission's progress (code-panel-notices.tsx), the test run's drawer
// and the confirmation dialog (code-panel-extras.tsx).
const notices = () => import('./code-panel-notices');
const SubmissionBanner = lazyScreen(() => notices().then((m) => ({ default: m.SubmissionBanner })));
const LoadFailedNotice = lazyScreen(() => notices().then((m) => ({ default: m.LoadFailedNotice })));
const extras = () => import('./code-panel-extras');
const TestRunDrawer = lazyScreen(() => extras().then((m) => ({ default: m.TestRunDrawer })));
const confirmAsync = (title: string) => extras().then((m) => m.confirmAsync(title));

/** Code non-empty after trimming and at most 65535 characters (submit and test run alike). */
export const validateCode = (code: string): string | null => {
  if (code.trim() === '') return 'Code_can_not_be_empty';
  if (code.length > LIMITS.codeMax) return 'Code_Length_can_not_exceed_65535';
  return null;
};

export interface CodePanelProblem {
  id: number;
  problemId: string;
  type: number;
  judgeMode: string;
  languages: string[];
  codeTemplate: Record<string, string>;
  firstExample?: { input: string; output: string };
}

export const CodePanel = memo(function CodePanel({
  problem,
  isAuthenticated,
  loadFailed,
  myStatus,
  onLanguageChange,
  onJudged,
  onEditorShown,
  place,
  confirmOverwrite,
}: {
  problem: CodePanelProblem | null;
  isAuthenticated: boolean;
  loadFailed: boolean;
  myStatus: number | undefined;
  onLanguageChange: (language: string) => void;
  onJudged: () => void;
  /** Called once the editor is on the page and takes keys. */
  onEditorShown?: () => void;
  /** Where the problem is: what a submission is sent with, where it is shown and which test runs there are. */
  place: ProblemPlace;
  /** Ask before a submission replaces the caller's earlier one. */
  confirmOverwrite: boolean;
}) {
  const { t } = useTranslation(['problem', 'contest', 'remote-judge', 'submission']);
  const queryClient = useQueryClient();
  const [settings, setSettings] = useState<EditorSettings>(loadEditorSettings);
  const [language, setLanguage] = useState('');
  const [code, setCodeState] = useState('');
  // What the editor holds now: its change handler writes it at once, so a submit right after typing (before the
  // re-render that brings the new state) sends the code on screen, not the code of the last render.
  const latestCode = useRef('');
  // The lines a compile error of this code points at (a submission's or a test run's, decision 0053): marked in the
  // editor until the code changes or a new judgement starts.
  const [compileMarks, setCompileMarks] = useState<CompileMarks | null>(null);
  const setCode = useCallback((next: string) => {
    if (next !== latestCode.current) setCompileMarks(null);
    latestCode.current = next;
    setCodeState(next);
  }, []);
  const [submitId, setSubmitId] = useState<number | null>(null);
  // The test run's drawer is mounted from its first opening on (its chunk arrives then), and kept for its closing.
  const [testOpen, setTestOpen] = useState<boolean | null>(null);
  const editor = editorPart.use();
  // The row above the editor renders after it (a deferred render, which React may interrupt): the editor's first
  // frame and first keystroke come first; its stand-in has the same size.
  const toolbarModule = toolbarPart.use();
  const toolbar = useDeferredValue(problem ? (toolbarModule ?? null) : null, null);
  const CodeEditor = problem ? editor?.default : undefined;
  useEffect(() => {
    if (CodeEditor) onEditorShown?.();
  }, [CodeEditor, onEditorShown]);
  // On problem load: the saved code and language of this problem, else the template of the default language. Set
  // while rendering (React renders the panel again at once, before anything is shown), so the editor is created with
  // the code instead of empty and then filled.
  const [loadedFor, setLoadedFor] = useState<string | null>(null);
  if (problem && loadedFor !== problem.problemId) {
    setLoadedFor(problem.problemId);
    const saved = loadProblemCode(problem.problemId);
    const lang = initialLanguage(problem.languages, saved);
    setLanguage(lang);
    const initial = saved && saved.language === lang ? saved.code : (problem.codeTemplate[lang] ?? '');
    latestCode.current = initial;
    setCodeState(initial);
    setSubmitId(null);
    setCompileMarks(null);
  }

  useEffect(() => onLanguageChange(language), [language, onLanguageChange]);

  useEffect(() => {
    if (problem && language) saveProblemCode(problem.problemId, { language, code });
  }, [problem, language, code]);

  const updateSettings = (patch: Partial<EditorSettings>) =>
    setSettings((s) => {
      const next = { ...s, ...patch };
      saveEditorSettings(next);
      return next;
    });

  const switchLanguage = (next: string) => {
    setCode(
      codeAfterLanguageSwitch(
        latestCode.current,
        problem?.codeTemplate[language] ?? '',
        problem?.codeTemplate[next] ?? '',
      ),
    );
    setLanguage(next);
  };

  const live = useLiveUp();
  const poll = useQuery({
    queryKey: problemPageSubmissionKey(submitId),
    queryFn: () => api.call(submissionContract.getSubmissionDetail, { submitId: submitId ?? 0 }, { silent: true }),
    enabled: submitId !== null,
    retry: false,
    // Every 2 s until the verdict leaves Pending/Compiling/Judging; an error stops it. While the live
    // stream is open it tells each step instead (app/live-sync.tsx: a verdict, or the stream's opening, reads it again).
    refetchInterval: (q) =>
      q.state.error || live || (q.state.data && submissionSettled(q.state.data.submission.status))
        ? false
        : SUBMISSION_POLL_MS,
  });
  const judged = poll.data?.submission;
  const settled = !!judged && submissionSettled(judged.status);
  // A submission's compile error marks the editor once, when its verdict arrives, and only while the editor still
  // holds the code sent (a later reading of the same verdict, or one that finds the code edited, leaves it alone).
  const markedSubmission = useRef<number | null>(null);
  const sentCode = useRef<string | null>(null);
  const diagnostics = poll.data?.diagnostics;
  useEffect(() => {
    if (!judged || judged.status !== JUDGE_STATUS.COMPILE_ERROR || !diagnostics?.length) return;
    if (markedSubmission.current === judged.submitId) return;
    markedSubmission.current = judged.submitId;
    if (latestCode.current === sentCode.current) setCompileMarks({ diagnostics, language: judged.language });
  }, [judged, diagnostics]);
  useEffect(() => {
    if (settled) {
      onJudged();
      void queryClient.invalidateQueries({ queryKey: queryKey(submissionContract.getSubmissionList) });
    }
  }, [settled, onJudged, queryClient]);

  const requireLogin = () => {
    if (isAuthenticated) return true;
    toast.warning(t('Please_login_first'));
    loginDialog.open();
    return false;
  };

  const checkCode = () => {
    const error = validateCode(latestCode.current);
    if (error) toast.error(t(error));
    return !error;
  };

  const sending = useApiMutation({
    mutationFn: (body: ReturnType<ProblemPlace['submitTarget']> & { language: string; code: string }) =>
      api.call(submissionContract.submitProblemJudge, body),
    onSuccess: (created) => {
      toast.success(t('Submit_code_successfully'));
      setSubmitId(created.submitId);
    },
    // The HTTP client has already shown the server's reason; the status line hides and the button is usable
    // again, so the student can fix the code and submit once more.
    onError: () => setSubmitId(null),
  });
  const submitting = sending.isPending;

  const submit = async () => {
    if (!problem || !requireLogin() || !checkCode()) return;
    if (confirmOverwrite && !(await confirmAsync(t('Overwrite_Confirm')))) return;
    setSubmitId(null);
    setCompileMarks(null);
    sentCode.current = latestCode.current;
    const { pid, cid, tid, gid } = place.submitTarget(problem.problemId);
    sending.mutate({ pid, language, code: latestCode.current, cid, tid, gid });
  };

  const resetCode = () => setCode(problem?.codeTemplate[language] ?? '');

  const fetchLatestAc = async () => {
    if (!problem || !requireLogin()) return;
    if (myStatus !== JUDGE_STATUS.ACCEPTED) {
      toast.error(t('Not_Passed_Cannot_Get_Code'));
      return;
    }
    const last = await api.call(problemContract.getLastAcCode, { pid: problem.id });
    if (problem.languages.includes(last.language)) setLanguage(last.language);
    setCode(last.code);
  };

  const inProgress = submitting || (submitId !== null && !settled && !poll.error);

  return (
    <section aria-label={t('Code_Editor')} style={{ display: 'flex', flexDirection: 'column', gap: 8 }}>
      {toolbar ? (
        <toolbar.CodeToolbar
          language={language}
          languages={problem?.languages ?? []}
          onLanguageChange={switchLanguage}
          settings={settings}
          onSettingsChange={updateSettings}
          onReset={resetCode}
          onFetchLatestAc={fetchLatestAc}
        />
      ) : (
        // What the row will look like, until its chunk is there.
        <Space wrap>
          <span className="oj-code-toolbar__language">{language}</span>
          <Button icon={<SettingOutlined />} disabled>
            {t('Editor_Settings')}
          </Button>
          <Button disabled>{t('Reset_Code')}</Button>
          <Button disabled>{t('Get_Recently_Passed_Code')}</Button>
        </Space>
      )}
      {CodeEditor ? (
        <CodeEditor
          value={code}
          onChange={setCode}
          language={language}
          settings={settings}
          label={t('Code_Editor')}
          compileMarks={compileMarks}
        />
      ) : (
        <Spin style={{ display: 'block', padding: 48 }} />
      )}
      {(loadFailed || submitting || submitId !== null) && (
        <Suspense fallback={null}>
          {loadFailed && <LoadFailedNotice />}
          <SubmissionBanner
            submitId={submitId}
            judged={judged ?? null}
            submitting={submitting}
            type={problem?.type ?? 0}
            detailPath={submitId ? place.submissionPath(submitId) : ''}
          />
        </Suspense>
      )}
      <Space style={{ justifyContent: 'flex-end', width: '100%' }} wrap>
        {place.testRun && (
          <Button
            icon={<PlayCircleOutlined />}
            disabled={!problem || loadFailed}
            onClick={() => {
              if (requireLogin()) setTestOpen(true);
            }}
          >
            {t('Test_Run')}
          </Button>
        )}
        <Button
          type="primary"
          icon={<CheckCircleOutlined />}
          loading={inProgress}
          disabled={!problem || loadFailed}
          onClick={submit}
        >
          {inProgress ? t('Submitting') : t('Submit')}
        </Button>
      </Space>
      {problem && testOpen !== null && (
        <Suspense fallback={null}>
          <TestRunDrawer
            open={testOpen}
            onClose={() => setTestOpen(false)}
            problem={problem}
            language={language}
            code={code}
            checkCode={checkCode}
            type={place.testRun ?? 'public'}
            onCompileMarks={setCompileMarks}
          />
        </Suspense>
      )}
    </section>
  );
});
