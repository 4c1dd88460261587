import { type Diagnostic, JUDGE_STATUS, type Submission, sourceFileOf } from '@oj/shared';
import { Button, Tag, Typography } from 'antd';
import { Suspense, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { codeViewMarks } from '../diagnostics/code-view-marks';

const SEVERITY_COLORS = { error: 'error', warning: 'warning', note: 'processing' } as const;

/** Where a message points, as compilers write it: `main.cpp:12:5` (`main.cpp:12` without a column). */
export const placeOf = (d: Diagnostic) => `${d.file}:${d.line}${d.column > 0 ? `:${d.column}` : ''}`;

const DiagnosticList = ({
  diagnostics,
  linkable,
}: {
  diagnostics: Diagnostic[];
  /** Whether a message's place is a link to the code view (a message in the code's own file, the code shown). */
  linkable: (d: Diagnostic) => boolean;
}) => {
  const { t } = useTranslation('diagnostics');
  const pick = (d: Diagnostic) => codeViewMarks.set((marks) => (marks ? { ...marks, focus: d } : marks));
  return (
    <ul aria-label={t('Diagnostics_List')} style={{ listStyle: 'none', margin: '12px 0 0', padding: 0 }}>
      {diagnostics.map((d, i) => (
        <li
          // The same message may come twice at one place (a note repeated for two candidates): the compiler's list is
          // fixed for the page's life, its order a key.
          key={i}
          style={{ display: 'flex', flexWrap: 'wrap', alignItems: 'baseline', columnGap: 8, padding: '2px 0' }}
        >
          <Tag color={SEVERITY_COLORS[d.severity]} style={{ marginInlineEnd: 0 }}>
            {t(`Diagnostics_Severity_${d.severity}`)}
          </Tag>
          {linkable(d) ? (
            <Button
              type="link"
              size="small"
              title={t('Diagnostics_Go_To_Line', { line: d.line })}
              style={{ padding: 0, height: 'auto', fontFamily: 'monospace' }}
              onClick={() => pick(d)}
            >
              {placeOf(d)}
            </Button>
          ) : (
            <Typography.Text type="secondary" title={t('Diagnostics_Other_File')} style={{ fontFamily: 'monospace' }}>
              {placeOf(d)}
            </Typography.Text>
          )}
          <span style={{ flex: '1 1 16em', minWidth: 0, whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
            {d.message}
          </span>
        </li>
      ))}
    </ul>
  );
};

/**
 * A compile error's messages on the submission page (decision 0053): each with its severity, its place and the
 * compiler's words; a place in the code's own file is a link that scrolls the code view to that line and highlights
 * it (the view marks every message's line, features/diagnostics/code-view-marks.ts). Nothing for another verdict.
 */
export const CompileDiagnostics = ({
  submission,
  diagnostics,
}: {
  submission: Pick<Submission, 'status' | 'language' | 'code'>;
  diagnostics: Diagnostic[] | undefined;
}) => {
  const shown = submission.status === JUDGE_STATUS.COMPILE_ERROR && !!diagnostics?.length;
  const { language } = submission;
  useEffect(() => {
    if (!shown || !diagnostics) return;
    codeViewMarks.set({ diagnostics, language, focus: null });
    return () => codeViewMarks.set(null);
  }, [shown, diagnostics, language]);
  if (!shown || !diagnostics) return null;
  const file = sourceFileOf(language);
  const codeShown = submission.code !== null;
  return (
    // The namespace's texts arrive with the first list: the rest of the page does not wait for them.
    <Suspense fallback={null}>
      <DiagnosticList diagnostics={diagnostics} linkable={(d) => codeShown && (file === null || d.file === file)} />
    </Suspense>
  );
};
