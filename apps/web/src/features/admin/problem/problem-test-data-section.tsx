import { fullScoreOf } from '@oj/shared';
import { Alert, Button, Input, InputNumber, Radio, Space, Table, Typography, Upload } from 'antd';
import { useTranslation } from 'react-i18next';
import { type ResponsiveColumn, useResponsiveColumns } from '../../../components/responsive-table';
import type { ProblemSectionProps } from './problem-form-field';
import {
  type CaseRow,
  caseRanges,
  isSubtaskMode,
  type SubtaskRow,
  spreadScores,
  subtaskRows,
} from './problem-form-model';

type Case = CaseRow & { key: number };

/** The test cases: uploaded as a zip (through the page's onUploadZip) or typed in, with their scores and subtask
 * groups when the problem asks for them. An OI problem shows its full score as the judge computes it; in the subtask
 * modes a score is given per subtask (every case of the subtask carries it), not per case. */
export const ProblemTestDataSection = ({
  form,
  set,
  onUploadZip,
}: ProblemSectionProps & { onUploadZip: (zip: File) => void }) => {
  const { t } = useTranslation(['admin', 'contest', 'submission']);
  const setCase = (i: number, patch: Partial<CaseRow>) =>
    set({ cases: form.cases.map((c, k) => (k === i ? { ...c, ...patch } : c)) });
  const mode = form.judgeCaseMode;
  const subtask = isSubtaskMode(mode);
  const fullScore = fullScoreOf(form.cases, mode);
  const setSubtaskScore = (row: SubtaskRow, score: number) =>
    set({ cases: form.cases.map((c, k) => (row.cases.includes(k) ? { ...c, score } : c)) });
  const textArea = (c: Case, side: 'input' | 'output') => (
    <Input.TextArea
      aria-label={`${t(side === 'input' ? 'Case_Input' : 'Case_Output')} ${c.key + 1}`}
      rows={2}
      value={c[side]}
      onChange={(e) => setCase(c.key, { [side]: e.target.value })}
    />
  );
  const scoreColumns: ResponsiveColumn<Case>[] =
    form.type === 1 && !subtask
      ? [
          {
            title: t('Score'),
            key: 'score',
            from: 'tablet',
            render: (_, c) => (
              <InputNumber
                aria-label={`${t('Score')} ${c.key + 1}`}
                min={0}
                precision={0}
                value={c.score}
                onChange={(v) => setCase(c.key, { score: v ?? 0 })}
              />
            ),
          },
        ]
      : [];
  const groupColumns: ResponsiveColumn<Case>[] = subtask
    ? [
        {
          title: t('Group_Num'),
          key: 'group',
          from: 'tablet',
          render: (_, c) => (
            <InputNumber
              aria-label={`${t('Group_Num')} ${c.key + 1}`}
              min={1}
              precision={0}
              value={c.groupNum}
              onChange={(v) => setCase(c.key, { groupNum: v })}
            />
          ),
        },
      ]
    : [];
  // A phone shows each case's number, input and output; its score, its subtask group and Remove in the row's details.
  const caseLayout = useResponsiveColumns<Case>([
    { title: '#', key: 'n', width: 50, render: (_, c) => c.key + 1 },
    form.isUploadTestCase
      ? { title: t('Input_File'), dataIndex: 'input', key: 'input' }
      : { title: t('Case_Input'), key: 'input', render: (_, c) => textArea(c, 'input') },
    form.isUploadTestCase
      ? { title: t('Output_File'), dataIndex: 'output', key: 'output' }
      : { title: t('Case_Output'), key: 'output', render: (_, c) => textArea(c, 'output') },
    ...scoreColumns,
    ...groupColumns,
    {
      title: t('Option'),
      key: 'option',
      from: 'tablet',
      render: (_, c) => (
        <Button size="small" onClick={() => set({ cases: form.cases.filter((_, k) => k !== c.key) })}>
          {t('Remove')}
        </Button>
      ),
    },
  ]);
  return (
    <>
      <Radio.Group
        style={{ marginBottom: 12 }}
        value={form.isUploadTestCase}
        onChange={(e) => set({ isUploadTestCase: e.target.value, cases: [], uploadTestcaseDir: null })}
        options={[
          { value: true, label: t('Upload_Test_Data') },
          { value: false, label: t('Manual_Input') },
        ]}
      />
      {form.isUploadTestCase ? (
        <div style={{ marginBottom: 12 }}>
          <Upload
            accept=".zip"
            showUploadList={false}
            beforeUpload={(f) => {
              onUploadZip(f);
              return false;
            }}
          >
            <Button>{t('Upload_Zip')}</Button>
          </Upload>
          <Typography.Paragraph type="secondary">{t('Upload_Zip_Tip')}</Typography.Paragraph>
        </div>
      ) : (
        <Button
          style={{ marginBottom: 12 }}
          onClick={() => set({ cases: [...form.cases, { input: '', output: '', score: null, groupNum: 1 }] })}
        >
          {t('Add_Case')}
        </Button>
      )}
      {form.type === 1 && form.cases.length > 0 && (
        <Space style={{ marginBottom: 8 }}>
          <span>
            {t('Full_Score')}: <strong>{fullScore}</strong>
          </span>
          <Button size="small" onClick={() => set({ cases: spreadScores(form.cases, mode) })}>
            {t('Spread_Scores')}
          </Button>
        </Space>
      )}
      {form.cases.length === 0 && <Alert type="info" showIcon title={t('Need_Test_Data')} />}
      {form.type === 1 && subtask && form.cases.length > 0 && (
        <>
          <Typography.Paragraph type="secondary" style={{ marginBottom: 8 }}>
            {t(mode === 'subtask_lowest' ? 'Subtask_Score_Tip_lowest' : 'Subtask_Score_Tip_average')}
          </Typography.Paragraph>
          <Table<SubtaskRow & { key: number }>
            style={{ marginBottom: 12 }}
            scroll={{ x: 'max-content' }}
            size="small"
            pagination={false}
            dataSource={subtaskRows(form.cases, mode).map((r, key) => ({ ...r, key }))}
            columns={[
              { title: t('Group_Num'), render: (_, r) => r.groupNum ?? '-' },
              { title: t('Subtask_Cases'), render: (_, r) => caseRanges(r.cases) },
              {
                title: t('Subtask_Score'),
                render: (_, r) => (
                  <Space orientation="vertical" size={2}>
                    <InputNumber
                      aria-label={`${t('Subtask_Score')} ${r.groupNum ?? caseRanges(r.cases)}`}
                      min={0}
                      precision={0}
                      value={r.score}
                      onChange={(v) => setSubtaskScore(r, v ?? 0)}
                    />
                    {r.differing && (
                      <Typography.Text type="warning">
                        {t('Subtask_Scores_Differ', { scores: r.differing.join(', '), score: r.score })}
                      </Typography.Text>
                    )}
                  </Space>
                ),
              },
            ]}
          />
        </>
      )}
      {form.cases.length > 0 && (
        <Table<Case>
          size="small"
          pagination={false}
          dataSource={form.cases.map((c, key) => ({ ...c, key }))}
          {...caseLayout}
        />
      )}
    </>
  );
};
