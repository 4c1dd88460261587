import type { GradebookAssignment, GradebookCell } from '@oj/shared';
import { Tag, Tooltip, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatTime } from '../../lib/format-time';
import { formatPercent } from '../training/homework';
import { formatPenalty } from './gradebook-model';

/** A column's kind as a small tag: homework (a training with a due time) or contest (ACM / OI). */
export const AssignmentKindTag = ({ a }: { a: Pick<GradebookAssignment, 'kind' | 'contestType'> }) => {
  const { t } = useTranslation('gradebook');
  return a.kind === 'contest' ? (
    <Tag color="purple" style={{ marginInlineEnd: 0 }}>
      {t('Gradebook_Kind_Contest')} {a.contestType}
    </Tag>
  ) : (
    <Tag color="cyan" style={{ marginInlineEnd: 0 }}>
      {t('Gradebook_Kind_Training')}
    </Tag>
  );
};

/** A column's due date: a training's due time, a contest's end. */
export const AssignmentDue = ({ a }: { a: Pick<GradebookAssignment, 'kind' | 'dueTime'> }) => {
  const { t } = useTranslation('gradebook');
  return (
    <Typography.Text type="secondary" style={{ fontSize: 12, whiteSpace: 'nowrap' }}>
      {t(a.kind === 'contest' ? 'Gradebook_Ends' : 'Gradebook_Due', { time: formatTime(a.dueTime) })}
    </Typography.Text>
  );
};

/** One student's standing in one assignment: the score percentage with its late and extended markers, the solved
 * problems, and for a contest its ACM penalty time or OI score. A student who never tried is greyed. */
export const GradebookCellView = ({ a, cell }: { a: GradebookAssignment; cell: GradebookCell }) => {
  const { t } = useTranslation('gradebook');
  return (
    <span className={`oj-gradebook-cell${cell.started ? '' : ' oj-gradebook-cell--idle'}`}>
      <span className="oj-gradebook-cell__score">
        <strong>{formatPercent(cell.score)}</strong>
        {cell.late && (
          <Tooltip title={t('Gradebook_Late_Tip')}>
            <Tag color="orange" className="oj-gradebook-mark">
              {t('Gradebook_Late')}
            </Tag>
          </Tooltip>
        )}
        {cell.extended && cell.dueTime && (
          <Tooltip title={t('Gradebook_Extended_Until', { time: formatTime(cell.dueTime) })}>
            <Tag color="blue" className="oj-gradebook-mark">
              {t('Gradebook_Extended')}
            </Tag>
          </Tooltip>
        )}
      </span>
      <span className="oj-gradebook-cell__detail">
        {cell.started ? t('Gradebook_Solved', { solved: cell.solved, total: cell.total }) : t('Gradebook_Not_Started')}
        {a.contestType === 'ACM' && cell.totalTime !== null && cell.started && (
          <> · {t('Gradebook_Penalty_Time', { time: formatPenalty(cell.totalTime) })}</>
        )}
        {a.contestType === 'OI' && cell.totalScore !== null && cell.maxScore !== null && (
          <> · {t('Gradebook_OI_Score', { score: cell.totalScore, max: cell.maxScore })}</>
        )}
      </span>
    </span>
  );
};
