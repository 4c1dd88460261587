import type { AdminProblem } from '@oj/shared';
import { Popover, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';

const COLORS = { compiling: 'processing', ok: 'success', error: 'error' } as const;

/** A compile error's text as the compiler wrote it: monospace, scrolling when long. */
export const CheckerErrorText = ({ text }: { text: string }) => (
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
);

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
