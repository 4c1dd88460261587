import { JUDGE_STATUS, LIMITS, submission as submissionContract } from '@oj/shared';
import { useQuery } from '@tanstack/react-query';
import { Button, Drawer, Input, Modal, Space, Typography } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../lib/api';
import { ApiError } from '../../lib/http-client';
import { toast } from '../../lib/notify';
import type { CompileMarks } from '../diagnostics/editor-marks';
import { judgeReasonText } from '../submission/judge-reasons';
import { formatRunMemory, formatRunTime } from '../submission/judge-status';
import { StatusTag } from '../submission/status-tag';
import { TEST_RUN_POLL_MS, testRunSettled } from '../submission/submission-polling';
import type { CodePanelProblem } from './code-panel';

// The code panel's parts shown only on request (code-panel.tsx fetches this chunk then, decision 0045): the test run's
// drawer and the confirmation dialog.

/** Asks a yes-or-no question in antd's confirmation dialog. */
export const confirmAsync = (title: string) =>
  new Promise<boolean>((resolve) => {
    Modal.confirm({ title, onOk: () => resolve(true), onCancel: () => resolve(false) });
  });

/** The test run: the student's input (the first sample's to begin with) and expected output, run against the code in
 * the editor, and what the program printed. */
export const TestRunDrawer = ({
  open,
  onClose,
  problem,
  language,
  code,
  checkCode,
  type = 'public',
  onCompileMarks,
}: {
  /** A group's problem runs as a 'group' test. */
  type?: 'public' | 'group';
  open: boolean;
  onClose: () => void;
  problem: CodePanelProblem;
  language: string;
  code: string;
  checkCode: () => boolean;
  /** A compile error's lines to mark in the editor (decision 0053): null when a run starts. */
  onCompileMarks?: (marks: CompileMarks | null) => void;
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
  /** The run whose compile error has marked the editor, and the code and language the last run was sent with. */
  const markedRun = useRef<string | null>(null);
  const ran = useRef({ code, language });

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
    markedRun.current = null;
    onCompileMarks?.(null);
    try {
      ran.current = { code, language };
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
  // A run's compile error marks the editor once, when its result arrives, and only while the editor still holds the code
  // that ran.
  useEffect(() => {
    if (!key || !data || data.status !== JUDGE_STATUS.COMPILE_ERROR || markedRun.current === key) return;
    markedRun.current = key;
    if (data.diagnostics.length > 0 && code === ran.current.code)
      onCompileMarks?.({ diagnostics: data.diagnostics, language: ran.current.language });
  }, [key, data, code, onCompileMarks]);
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
