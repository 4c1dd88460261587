import { Empty, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { EChart } from '../../components/echart';

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

/** The problem's counts by verdict (get-problem-detail's problemCount). */
type VerdictCounts = Partial<Record<(typeof STAT_FIELDS)[number][0], number>> & { total: number };

/** The problem's verdicts as a pie, in a dialog (its own chunk: fetched with the first click on Statistic). */
const ProblemStatistics = ({
  open,
  onClose,
  count,
}: {
  open: boolean;
  onClose: () => void;
  count: VerdictCounts | null | undefined;
}) => {
  const { t } = useTranslation(['problem', 'submission']);
  return (
    <Modal open={open} title={t('Problem_Statistics')} footer={null} onCancel={onClose} destroyOnHidden>
      {count && count.total > 0 ? (
        <EChart
          label={t('Problem_Statistics')}
          option={{
            tooltip: { trigger: 'item', formatter: '{b}: {c} ({d}%)' },
            legend: { bottom: 0, type: 'scroll' },
            series: [
              {
                type: 'pie',
                radius: ['35%', '65%'],
                data: STAT_FIELDS.map(([field, key]) => ({ name: t(key), value: count[field] ?? 0 })).filter(
                  (d) => d.value > 0,
                ),
              },
            ],
          }}
          style={{ height: 360 }}
        />
      ) : (
        <Empty />
      )}
    </Modal>
  );
};

export default ProblemStatistics;
