import type { AdminProblem } from '@oj/shared';
import { Button, Popover, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { CHECKER_SOURCE_FILE, parseCompileDiagnostics } from './compile-diagnostics';

const COLORS = { compiling: 'processing', ok: 'success', error: 'error' } as const;

/** A compile error: each error the compiler reported as its file and line (in the checker's own code a link that
 * selects the line, with `onJump`), then the compiler's whole text, monospace, scrolling when long. */
export const CheckerErrorText = ({ text, onJump }: { text: string; onJump?: (line: number) => void }) => {
  const { t } = useTranslation('admin');
  const diagnostics = parseCompileDiagnostics(text);
  return (
    <>
      {diagnostics.length > 0 && (
        <ul aria-label={t('Compile_Diagnostics')} style={{ margin: '0 0 4px', paddingInlineStart: 20, maxWidth: 640 }}>
          {diagnostics.map((d) => {
            const where = t(d.column ? 'Compile_Diagnostic_Column' : 'Compile_Diagnostic_Line', { ...d });
            return (
              <li key={`${d.file}:${d.line}:${d.column}:${d.message}`} style={{ overflowWrap: 'anywhere' }}>
                {onJump && d.file === CHECKER_SOURCE_FILE ? (
                  <Button
                    type="link"
                    size="small"
                    style={{ padding: 0, height: 'auto' }}
                    onClick={() => onJump(d.line)}
                  >
                    {where}
                  </Button>
                ) : (
                  <Typography.Text strong>{where}</Typography.Text>
                )}
                : <Typography.Text code>{d.message}</Typography.Text>
              </li>
            );
          })}
        </ul>
      )}
      <Typography.Paragraph
        style={{
          fontFamily: 'monospace',
          whiteSpace: 'pre-wrap',
          maxHeight: 240,
          maxWidth: 640,
          overflow: 'auto',
          margin: 0,
        }}
      >
        {text}
      </Typography.Paragraph>
    </>
  );
};

/** The stored checker's last compile (the server queues one on every save or import): compiling, ok, or an error
 * whose compiler text opens on hover or click. Nothing for a problem without a checker. */
export const CheckerStateTag = ({ state, error }: { state: AdminProblem['checkerState']; error: string | null }) => {
  const { t } = useTranslation('admin');
  if (!state) return null;
  const tag = <Tag color={COLORS[state]}>{t(`Checker_State_${state}`)}</Tag>;
  if (state !== 'error' || !error) return tag;
  return (
    <Popover trigger={['hover', 'click']} title={t('Checker_State_error')} content={<CheckerErrorText text={error} />}>
      <span style={{ cursor: 'pointer' }}>{tag}</span>
    </Popover>
  );
};
