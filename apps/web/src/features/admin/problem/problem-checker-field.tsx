import { adminProblem } from '@oj/shared';
import { Button, Input, Modal, Radio, Select, Space, Typography } from 'antd';
import type { TextAreaRef } from 'antd/es/input/TextArea';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CheckerErrorText, CheckerStateTag } from './checker-state-tag';
import { lineRange } from './compile-diagnostics';
import { Field, type ProblemSectionProps } from './problem-form-field';

/** Compiles the checker as the form holds it on a judge: null when it compiled, else the compiler's (or the
 * server's) message. */
export type CompileChecker = () => Promise<string | null>;

/** Seconds since `since` while it is set, ticking every second. */
const useElapsedSeconds = (since: number | null) => {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (since === null) return;
    setNow(Date.now());
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [since]);
  return since === null ? 0 : Math.max(0, Math.floor((now - since) / 1000));
};

/** How answers are judged (compared, by a special checker, or interactively) and the checker's code, which the
 * page compiles on request: the button shows the seconds the compile has taken so far, and a failed compile's errors
 * show under it by file and line (a line of the checker's own code is selected on click). The saved checker's last
 * compile (queued by the server on every save) shows beside it, with the compiler's text when it failed. */
export const ProblemCheckerField = ({ form, set, onCompile }: ProblemSectionProps & { onCompile: CompileChecker }) => {
  const { t } = useTranslation(['admin', 'problem']);
  const [compilingSince, setCompilingSince] = useState<number | null>(null);
  const [compileError, setCompileError] = useState<string | null>(null);
  const seconds = useElapsedSeconds(compilingSince);
  const code = useRef<TextAreaRef>(null);

  const compile = async () => {
    setCompilingSince(Date.now());
    setCompileError(null);
    try {
      setCompileError(await onCompile());
    } finally {
      setCompilingSince(null);
    }
  };
  const selectLine = (line: number) => {
    const area = code.current?.resizableTextArea?.textArea;
    if (!area) return;
    const [start, end] = lineRange(area.value, line);
    area.focus();
    area.setSelectionRange(start, end);
    // Scrolls the selected line into view: lines before it times the line height.
    const lineHeight = Number.parseFloat(getComputedStyle(area).lineHeight) || 20;
    area.scrollTop = Math.max(0, (line - 3) * lineHeight);
  };
  // The saved checker's error matters only while no compile of the form's code has answered.
  const shownError = compileError ?? (form.checkerState === 'error' ? form.checkerError : null);

  return (
    <>
      <Field label={t('Judge_Mode')}>
        <Radio.Group
          value={form.judgeMode}
          onChange={(e) => {
            set({ judgeMode: e.target.value });
            Modal.info({ title: t('Judge_Mode'), content: t('Judge_Mode_Info') });
          }}
          options={(['default', 'spj', 'interactive'] as const).map((m) => ({
            value: m,
            label: t(`Judge_Mode_${m}`),
          }))}
        />
      </Field>
      {form.judgeMode !== 'default' && (
        <Field label={t('Checker_Code')}>
          <Space wrap style={{ marginBottom: 4 }}>
            <Select
              aria-label={t('Language')}
              value={form.spjLanguage}
              onChange={(v) => set({ spjLanguage: v })}
              options={adminProblem.CHECKER_LANGUAGES.map((l) => ({ value: l, label: l }))}
            />
            <Button loading={compilingSince !== null} onClick={() => void compile()}>
              {compilingSince !== null ? t('Compiling_Seconds', { seconds }) : t('Compile_Checker')}
            </Button>
            {form.checkerState && (
              <span>
                {t('Checker_State_Saved')}: <CheckerStateTag state={form.checkerState} error={null} />
              </span>
            )}
          </Space>
          <div aria-live="polite">
            {compilingSince !== null && (
              <Typography.Paragraph type="secondary" style={{ marginBottom: 4 }}>
                {t('Compiling_On_Judge')}
              </Typography.Paragraph>
            )}
          </div>
          {shownError && (
            <div
              role="alert"
              aria-label={compileError ? t('Compile_Error') : t('Checker_State_error')}
              style={{ marginBottom: 4 }}
            >
              <CheckerErrorText text={shownError} onJump={selectLine} />
            </div>
          )}
          <Input.TextArea
            ref={code}
            aria-label={t('Checker_Code')}
            rows={10}
            style={{ fontFamily: 'monospace' }}
            value={form.spjCode}
            onChange={(e) => set({ spjCode: e.target.value })}
          />
        </Field>
      )}
    </>
  );
};
