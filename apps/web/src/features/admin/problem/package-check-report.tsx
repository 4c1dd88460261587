import { JUDGE_STATUS, type PackageCheckReport } from '@oj/shared';
import { Alert, Space, Table, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useResponsiveColumns } from '../../../components/responsive-table';
import { formatTime } from '../../../lib/format-time';
import { STATUS_META, statusKey } from '../../submission/judge-status';
import { SOLUTION_TAG_LABELS } from './solution-tags';

type SolutionRun = PackageCheckReport['solutions'][number];
type Verdict = SolutionRun['verdicts'][number];

/** The verdicts' usual short names, the same in both languages; any other status shows its full name. */
const SHORT_NAMES: Partial<Record<number, string>> = {
  [JUDGE_STATUS.ACCEPTED]: 'AC',
  [JUDGE_STATUS.WRONG_ANSWER]: 'WA',
  [JUDGE_STATUS.PRESENTATION_ERROR]: 'PE',
  [JUDGE_STATUS.TIME_LIMIT_EXCEEDED]: 'TLE',
  [JUDGE_STATUS.MEMORY_LIMIT_EXCEEDED]: 'MLE',
  [JUDGE_STATUS.RUNTIME_ERROR]: 'RE',
  [JUDGE_STATUS.COMPILE_ERROR]: 'CE',
  [JUDGE_STATUS.SYSTEM_ERROR]: 'SE',
  [JUDGE_STATUS.PARTIAL_ACCEPTED]: 'PA',
};

const STATUS_COLORS = { running: 'processing', done: 'success', failed: 'error' } as const;
const STATUS_LABELS = {
  running: 'Package_Check_Status_Running',
  done: 'Package_Check_Status_Done',
  failed: 'Package_Check_Status_Failed',
} as const;

/** One test's verdict as a small chip, "AC 12ms", coloured as the submission lists colour the verdict; its full name
 * and the test's number on hover. */
const VerdictChip = ({ v }: { v: Verdict }) => {
  const { t } = useTranslation(['admin', 'submission']);
  const full = t(statusKey(v.status));
  return (
    <Tag
      color={STATUS_META[v.status]?.color}
      title={t('Package_Check_Verdict_Title', { test: v.test, status: full, time: v.timeMs })}
      style={{ marginInlineEnd: 0, fontFamily: 'monospace' }}
    >
      {`${SHORT_NAMES[v.status] ?? full} ${v.timeMs}ms`}
    </Tag>
  );
};

/** The solutions' runs: whether each got what its tag expects (with the checker's word when not), and the verdict it
 * got on each test. A phone shows the solution and its result; the verdicts wrap in the row's details. */
const SolutionRuns = ({ runs }: { runs: SolutionRun[] }) => {
  const { t } = useTranslation('admin');
  const layout = useResponsiveColumns<SolutionRun & { key: number }>([
    {
      title: t('Package_Check_Solution'),
      key: 'name',
      render: (_, s) => (
        <Space orientation="vertical" size={2}>
          <span style={{ overflowWrap: 'anywhere' }}>{s.name}</span>
          <Typography.Text type="secondary">{t(SOLUTION_TAG_LABELS[s.tag] ?? s.tag)}</Typography.Text>
        </Space>
      ),
    },
    {
      title: t('Package_Check_Result'),
      key: 'result',
      render: (_, s) => (
        <Space orientation="vertical" size={2}>
          <Tag color={s.ok ? 'success' : 'error'}>{t(s.ok ? 'Package_Check_Matches' : 'Package_Check_Mismatch')}</Tag>
          {/* Verdicts that do not fit the tag are told in the interface's words (the chips show them); without any
              (a solution that does not compile, a language no judge has) the judge's own words say why. */}
          {!s.ok && s.verdicts.length > 0 ? (
            <Typography.Text type="danger" style={{ overflowWrap: 'anywhere' }}>
              {t('Package_Check_Mismatch_Detail', { tag: t(SOLUTION_TAG_LABELS[s.tag] ?? s.tag) })}
            </Typography.Text>
          ) : (
            s.message && (
              <Typography.Text type={s.ok ? 'secondary' : 'danger'} style={{ overflowWrap: 'anywhere' }}>
                {s.message}
              </Typography.Text>
            )
          )}
        </Space>
      ),
    },
    {
      title: t('Package_Check_Verdicts'),
      key: 'verdicts',
      from: 'tablet',
      render: (_, s) => (
        <div style={{ display: 'flex', flexWrap: 'wrap', gap: 4, maxWidth: 640 }}>
          {s.verdicts.map((v) => (
            <VerdictChip key={v.test} v={v} />
          ))}
        </div>
      ),
    },
  ]);
  if (runs.length === 0)
    return <Typography.Paragraph type="secondary">{t('Package_Check_No_Solution_Run')}</Typography.Paragraph>;
  return (
    <Table<SolutionRun & { key: number }>
      size="small"
      pagination={false}
      dataSource={runs.map((r, key) => ({ ...r, key }))}
      style={{ marginBottom: 12 }}
      {...layout}
    />
  );
};

/** The tests' validity: one green line when the validator accepted them all, else the ones it refused with its
 * message, in red. */
const TestValidity = ({ tests }: { tests: PackageCheckReport['tests'] }) => {
  const { t } = useTranslation('admin');
  if (tests.length === 0)
    return <Typography.Paragraph type="secondary">{t('Package_Check_Tests_Unchecked')}</Typography.Paragraph>;
  const invalid = tests.filter((x) => !x.valid);
  if (invalid.length === 0)
    return (
      <Typography.Paragraph type="success">
        {t('Package_Check_Tests_Valid', { count: tests.length })}
      </Typography.Paragraph>
    );
  return (
    <div style={{ marginBottom: 12 }}>
      <Typography.Text type="danger">
        {t('Package_Check_Tests_Invalid', { count: invalid.length, total: tests.length })}
      </Typography.Text>
      <ul style={{ margin: '4px 0 0', paddingInlineStart: 20 }}>
        {invalid.map((x) => (
          <li key={x.name} style={{ overflowWrap: 'anywhere' }}>
            <Typography.Text type="danger">
              {t('Package_Check_Test_Message', { name: x.name, message: x.message })}
            </Typography.Text>
          </li>
        ))}
      </ul>
    </div>
  );
};

/** The main solution's time on its slowest test against the limit: in the warning colour past half of it, where a
 * slower language or judge is near the limit. */
const MainSlowest = ({ report }: { report: PackageCheckReport }) => {
  const { t } = useTranslation('admin');
  if (report.mainSlowestMs === null) return null;
  const slow = report.mainSlowestMs > report.timeLimitMs / 2;
  return (
    <Typography.Paragraph type={slow ? 'warning' : undefined}>
      {t('Package_Check_Main_Slowest', { time: report.mainSlowestMs, limit: report.timeLimitMs })}
      {slow && ` (${t('Package_Check_Main_Slow_Warning')})`}
    </Typography.Paragraph>
  );
};

/** The problem's last package check (GET /api/admin/problem/package-check), or the line that says it never ran. */
export const PackageCheckReportView = ({ report }: { report: PackageCheckReport | null }) => {
  const { t } = useTranslation('admin');
  if (!report) return <Typography.Paragraph type="secondary">{t('Package_Check_Never')}</Typography.Paragraph>;
  return (
    <div>
      <Space wrap style={{ marginBottom: 8 }}>
        <Tag color={STATUS_COLORS[report.status]}>{t(STATUS_LABELS[report.status])}</Tag>
        <Typography.Text>{t('Package_Check_Checked_At', { time: formatTime(report.checkedAt, true) })}</Typography.Text>
      </Space>
      {report.errors.length > 0 && (
        <Alert
          type="error"
          showIcon
          style={{ marginBottom: 12 }}
          title={t('Package_Check_Errors')}
          description={
            <ul style={{ margin: 0, paddingInlineStart: 20 }}>
              {report.errors.map((e) => (
                <li key={e} style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                  {e}
                </li>
              ))}
            </ul>
          }
        />
      )}
      <MainSlowest report={report} />
      <TestValidity tests={report.tests} />
      <SolutionRuns runs={report.solutions} />
    </div>
  );
};
