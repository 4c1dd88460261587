import { CheckCircleOutlined, PlayCircleOutlined, SettingOutlined } from '@ant-design/icons';
import { JUDGE_STATUS, LIMITS, problem as problemContract, submission as submissionContract } from '@oj/shared';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Drawer, Form, Input, Modal, Popconfirm, Popover, Select, Space, Spin, Typography } from 'antd';
import { Suspense, useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { api } from '../../lib/api';
import { ApiError } from '../../lib/http-client';
import { lazyScreen } from '../../lib/lazy-screen';
import { useLiveUp } from '../../lib/live-events';
import { toast } from '../../lib/notify';
import { queryKey } from '../../lib/query-keys';
import { loginDialog } from '../../lib/ui-store';
import { useApiMutation } from '../../lib/use-api-mutation';
import { judgeReasonText } from '../submission/judge-reasons';
import { formatRunMemory, formatRunTime } from '../submission/judge-status';
import { StatusTag } from '../submission/status-tag';
import {
  problemPageSubmissionKey,
  SUBMISSION_POLL_MS,
  submissionSettled,
  TEST_RUN_POLL_MS,
  testRunSettled,
} from '../submission/submission-polling';
import { WaitingForJudge } from '../submission/waiting-for-judge';
import {
  codeAfterLanguageSwitch,
  EDITOR_THEMES,
  type EditorSettings,
  FONT_SIZES,
  initialLanguage,
  loadEditorSettings,
  loadProblemCode,
  saveEditorSettings,
  saveProblemCode,
  TAB_SIZES,
} from './editor-storage';
import type { ProblemPlace } from './problem-place';

const CodeEditor = lazyScreen(() => import('./code-editor'));

const confirmAsync = (title: string) =>
  new Promise<boolean>((resolve) => {
    Modal.confirm({ title, onOk: () => resolve(true), onCancel: () => resolve(false) });
  });

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

export const CodePanel = ({
  problem,
  isAuthenticated,
  loadFailed,
  myStatus,
  onLanguageChange,
  onJudged,
  place,
  confirmOverwrite,
}: {
  problem: CodePanelProblem | null;
  isAuthenticated: boolean;
  loadFailed: boolean;
  myStatus: number | undefined;
  onLanguageChange: (language: string) => void;
  onJudged: () => void;
  /** Where the problem is: what a submission is sent with, where it is shown and which test runs there are. */
  place: ProblemPlace;
  /** Ask before a submission replaces the caller's earlier one. */
  confirmOverwrite: boolean;
}) => {
  const { t } = useTranslation(['problem', 'contest', 'remote-judge', 'submission']);
  const queryClient = useQueryClient();
  const [settings, setSettings] = useState<EditorSettings>(loadEditorSettings);
  const [language, setLanguage] = useState('');
  const [code, setCodeState] = useState('');
  // What the editor holds now: its change handler writes it at once, so a submit right after typing (before the
  // re-render that brings the new state) sends the code on screen, not the code of the last render.
  const latestCode = useRef('');
  const setCode = useCallback((next: string) => {
    latestCode.current = next;
    setCodeState(next);
  }, []);
  const [submitId, setSubmitId] = useState<number | null>(null);
  const [testOpen, setTestOpen] = useState(false);
  const loadedFor = useRef<string | null>(null);

  // On problem load: the saved code and language of this problem, else the template of the default language.
  useEffect(() => {
    if (!problem || loadedFor.current === problem.problemId) return;
    loadedFor.current = problem.problemId;
    const saved = loadProblemCode(problem.problemId);
    const lang = initialLanguage(problem.languages, saved);
    setLanguage(lang);
    setCode(saved && saved.language === lang ? saved.code : (problem.codeTemplate[lang] ?? ''));
    setSubmitId(null);
  }, [problem, setCode]);

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
      <Space wrap>
        <Select
          aria-label={t('Language')}
          value={language || undefined}
          // A remote judge's names are long ("GNU G++20 13.2 (64 bit, winlibs)"): the box grows up to 260 px and its
          // list shows them whole.
          style={{ minWidth: 170, maxWidth: 260 }}
          popupMatchSelectWidth={false}
          // Up to 15 languages (a remote judge's up to 30): typing narrows the list.
          showSearch
          onChange={switchLanguage}
          options={(problem?.languages ?? []).map((l) => ({ value: l, label: l }))}
        />
        <Popover
          trigger="click"
          title={t('Editor_Settings')}
          content={
            <Form layout="vertical" style={{ width: 200 }}>
              <Form.Item label={t('Theme')} style={{ marginBottom: 8 }}>
                <Select
                  aria-label={t('Theme')}
                  value={settings.theme}
                  onChange={(theme) => updateSettings({ theme })}
                  options={EDITOR_THEMES.map((x) => ({ value: x, label: x }))}
                />
              </Form.Item>
              <Form.Item label={t('Font_Size')} style={{ marginBottom: 8 }}>
                <Select
                  aria-label={t('Font_Size')}
                  value={settings.fontSize}
                  onChange={(fontSize) => updateSettings({ fontSize })}
                  options={FONT_SIZES.map((x) => ({ value: x, label: `${x}px` }))}
                />
              </Form.Item>
              <Form.Item label={t('Tab_Size')} style={{ marginBottom: 0 }}>
                <Select
                  aria-label={t('Tab_Size')}
                  value={settings.tabSize}
                  onChange={(tabSize) => updateSettings({ tabSize })}
                  options={TAB_SIZES.map((x) => ({ value: x, label: String(x) }))}
                />
              </Form.Item>
            </Form>
          }
        >
          <Button icon={<SettingOutlined />}>{t('Editor_Settings')}</Button>
        </Popover>
        <Popconfirm
          title={t('Reset_Code_Confirm')}
          okText={t('Confirm')}
          cancelText={t('Cancel')}
          onConfirm={resetCode}
        >
          <Button>{t('Reset_Code')}</Button>
        </Popconfirm>
        <Popconfirm
          title={t('Get_Recently_Passed_Code_Confirm')}
          okText={t('Confirm')}
          cancelText={t('Cancel')}
          onConfirm={fetchLatestAc}
        >
          <Button>{t('Get_Recently_Passed_Code')}</Button>
        </Popconfirm>
      </Space>
      <Suspense fallback={<Spin style={{ display: 'block', padding: 48 }} />}>
        <CodeEditor value={code} onChange={setCode} language={language} settings={settings} label={t('Code_Editor')} />
      </Suspense>
      {loadFailed && <Alert type="error" showIcon title={t('Problem_Load_Failed')} />}
      <SubmissionBanner
        submitId={submitId}
        judged={judged ?? null}
        submitting={submitting}
        type={problem?.type ?? 0}
        detailPath={submitId ? place.submissionPath(submitId) : ''}
      />
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
      {problem && (
        <TestRunDrawer
          open={testOpen}
          onClose={() => setTestOpen(false)}
          problem={problem}
          language={language}
          code={code}
          checkCode={checkCode}
          type={place.testRun ?? 'public'}
        />
      )}
    </section>
  );
};

const SubmissionBanner = ({
  submitId,
  judged,
  submitting,
  type,
  detailPath,
}: {
  detailPath: string;
  submitId: number | null;
  judged: {
    status: number;
    time: number | null;
    memory: number | null;
    score: number | null;
    gmtModified?: string;
  } | null;
  submitting: boolean;
  type: number;
}) => {
  const { t } = useTranslation(['problem', 'contest', 'remote-judge', 'submission']);
  if (submitting && !submitId) return <Alert type="info" showIcon title={t('Submitting')} />;
  if (!submitId) return null;
  const status = judged?.status ?? JUDGE_STATUS.PENDING;
  const settled = submissionSettled(status);
  const solved = settled && status === JUDGE_STATUS.ACCEPTED;
  const kind = !settled ? 'info' : solved ? 'success' : status === JUDGE_STATUS.PARTIAL_ACCEPTED ? 'warning' : 'error';
  return (
    <Alert
      type={kind}
      role="status"
      aria-label={t('Nav_Status')}
      title={
        <Space wrap>
          <StatusTag status={status} submitId={submitId} />
          <WaitingForJudge status={status} since={judged?.gmtModified} />
          {settled && (
            <span>
              {formatRunTime({ status, ...judged })} · {formatRunMemory({ status, ...judged })}
              {type === 1 && judged?.score !== null && judged?.score !== undefined && ` · ${judged.score}`}
            </span>
          )}
          <Link to={detailPath}>{t('View_Details')}</Link>
        </Space>
      }
      description={
        settled && (solved || type === 1)
          ? type === 1
            ? t('You_have_submitted_a_solution')
            : t('You_have_solved_the_problem')
          : undefined
      }
    />
  );
};

const TestRunDrawer = ({
  open,
  onClose,
  problem,
  language,
  code,
  checkCode,
  type = 'public',
}: {
  /** A group's problem runs as a 'group' test. */
  type?: 'public' | 'group';
  open: boolean;
  onClose: () => void;
  problem: CodePanelProblem;
  language: string;
  code: string;
  checkCode: () => boolean;
}) => {
  const { t } = useTranslation(['problem', 'contest', 'remote-judge', 'submission']);
  const [userInput, setUserInput] = useState(problem.firstExample?.input ?? '');
  const [expectedOutput, setExpectedOutput] = useState(problem.firstExample?.output ?? '');
  // The sample's output is the answer to the sample's input only: a changed input clears it, so a correct program is
  // not told Wrong Answer against it. An expected output the student typed is theirs and stays.
  const [expectedTyped, setExpectedTyped] = useState(false);
  const changeInput = (value: string) => {
    setUserInput(value);
    if (!expectedTyped) setExpectedOutput('');
  };
  const changeExpected = (value: string) => {
    setExpectedOutput(value);
    setExpectedTyped(true);
  };
  const [key, setKey] = useState<string | null>(null);
  const [starting, setStarting] = useState(false);

  const result = useQuery({
    queryKey: ['test-run', key],
    queryFn: () => api.call(submissionContract.getTestJudgeResult, { testJudgeKey: key ?? '' }, { silent: true }),
    enabled: key !== null,
    retry: false,
    refetchInterval: (q) =>
      q.state.error || (q.state.data && testRunSettled(q.state.data.status)) ? false : TEST_RUN_POLL_MS,
  });

  const run = async () => {
    if (!checkCode()) return;
    if (userInput.length > LIMITS.testInputMax) {
      toast.error(t('Test_Input_Too_Long'));
      return;
    }
    setStarting(true);
    setKey(null);
    try {
      const testJudgeKey = await api.call(submissionContract.submitProblemTestJudge, {
        pid: problem.id,
        type,
        language,
        code,
        userInput,
        expectedOutput: expectedOutput || null,
        mode: problem.judgeMode,
      });
      setKey(testJudgeKey);
    } catch (err) {
      if (!(err instanceof ApiError)) throw err;
    } finally {
      setStarting(false);
    }
  };

  const data = result.data;
  const running = starting || (key !== null && !result.error && (!data || !testRunSettled(data.status)));

  return (
    <Drawer
      open={open}
      onClose={onClose}
      placement="bottom"
      size={420}
      title={t('Test_Run')}
      extra={
        <Button type="primary" loading={running} onClick={run}>
          {t('Run_Self_Test')}
        </Button>
      }
    >
      <div style={{ display: 'flex', gap: 16, flexWrap: 'wrap' }}>
        <div style={{ flex: 1, minWidth: 260 }}>
          <Typography.Text strong id="test-input-label">
            {t('Custom_Input')}
          </Typography.Text>
          <Input.TextArea
            aria-labelledby="test-input-label"
            value={userInput}
            onChange={(e) => changeInput(e.target.value)}
            maxLength={LIMITS.testInputMax}
            showCount
            autoSize={{ minRows: 5, maxRows: 10 }}
            style={{ fontFamily: 'monospace' }}
          />
          <Typography.Text strong id="test-expected-label" style={{ display: 'block', marginTop: 12 }}>
            {t('Expected_Output')}
          </Typography.Text>
          <Input.TextArea
            aria-labelledby="test-expected-label"
            value={expectedOutput}
            onChange={(e) => changeExpected(e.target.value)}
            maxLength={LIMITS.testInputMax}
            autoSize={{ minRows: 3, maxRows: 6 }}
            style={{ fontFamily: 'monospace' }}
          />
        </div>
        <section aria-label={t('Test_Output')} style={{ flex: 1, minWidth: 260 }}>
          <Space>
            <Typography.Text strong>{t('Test_Output')}</Typography.Text>
            {running && !data && <StatusTag status={JUDGE_STATUS.PENDING} />}
            {data && <StatusTag status={data.status} />}
            {data && testRunSettled(data.status) && (
              <span>
                {formatRunTime(data)} · {formatRunMemory(data)}
              </span>
            )}
          </Space>
          {data && testRunSettled(data.status) && (
            <pre className="oj-sample">
              {data.userOutput ?? ''}
              {data.stderr
                ? `\n${data.status === JUDGE_STATUS.SYSTEM_ERROR ? judgeReasonText(data.stderr, t) : data.stderr}`
                : ''}
            </pre>
          )}
        </section>
      </div>
    </Drawer>
  );
};
