import { JUDGE_CASE_MODES } from '@oj/shared';
import { Checkbox, Col, Radio, Row, Select, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { type CompileChecker, ProblemCheckerField } from './problem-checker-field';
import { ProblemExtraFilesField } from './problem-extra-files-field';
import { Field, type ProblemSectionProps } from './problem-form-field';
import { isSubtaskMode, spreadScores } from './problem-form-model';
import { ProblemLanguagesField } from './problem-languages-field';

/** The judging settings: ACM or OI, who may see the problem, how cases are scored, tags, languages and templates,
 * the checker and the extra files. */
export const ProblemJudgeSection = ({
  form,
  set,
  canPublish,
  contestAuthDisabled,
  tagNames,
  languageNames,
  onCompile,
}: ProblemSectionProps & {
  /** Whether "public" may be chosen. */
  canPublish: boolean;
  /** Whether "contest problem" is shut (a group's contest problems are made within its contests). */
  contestAuthDisabled: boolean;
  tagNames: string[];
  languageNames: string[];
  onCompile: CompileChecker;
}) => {
  const { t } = useTranslation(['admin', 'problem']);
  return (
    <>
      <Row gutter={16}>
        <Col xs={24} md={8}>
          <Field label={t('Type')}>
            <Radio.Group
              aria-label={t('Type')}
              value={form.type}
              onChange={(e) => {
                const type = e.target.value as 0 | 1;
                // Switching to OI spreads 100 points over the cases; ACM has no subtask modes.
                const judgeCaseMode = type === 0 && isSubtaskMode(form.judgeCaseMode) ? 'default' : form.judgeCaseMode;
                set({ type, judgeCaseMode, cases: type === 1 ? spreadScores(form.cases, judgeCaseMode) : form.cases });
              }}
              options={[
                { value: 0, label: 'ACM' },
                { value: 1, label: 'OI' },
              ]}
            />
          </Field>
        </Col>
        <Col xs={24} md={8}>
          <Field label={t('Auth')}>
            <Select
              aria-label={t('Auth')}
              style={{ width: '100%' }}
              value={form.auth}
              onChange={(v) => set({ auth: v })}
              options={[
                { value: 1, label: t('Public_Problem'), disabled: !canPublish },
                { value: 2, label: t('Private_Problem') },
                { value: 3, label: t('Contest_Problem'), disabled: contestAuthDisabled },
              ]}
            />
          </Field>
        </Col>
        <Col xs={24} md={8}>
          <Field label={t('Judge_Case_Mode')}>
            <Select
              aria-label={t('Judge_Case_Mode')}
              style={{ width: '100%' }}
              value={form.judgeCaseMode}
              onChange={(judgeCaseMode: string) =>
                // Between summed cases and subtasks an OI problem's scores are spread again, so its full score stays
                // 100 rather than, say, one case's score under "lowest".
                set({
                  judgeCaseMode,
                  cases:
                    form.type === 1 && isSubtaskMode(judgeCaseMode) !== isSubtaskMode(form.judgeCaseMode)
                      ? spreadScores(form.cases, judgeCaseMode)
                      : form.cases,
                })
              }
              options={JUDGE_CASE_MODES.filter((m) => form.type === 1 || !m.startsWith('subtask')).map((m) => ({
                value: m,
                label: t(`Case_Mode_${m}`),
              }))}
            />
          </Field>
        </Col>
      </Row>
      <Space wrap size="large" style={{ marginBottom: 12 }}>
        <Checkbox checked={form.isRemoveEndBlank} onChange={(e) => set({ isRemoveEndBlank: e.target.checked })}>
          {t('Remove_End_Blank')}
        </Checkbox>
        <Checkbox checked={form.openCaseResult} onChange={(e) => set({ openCaseResult: e.target.checked })}>
          {t('Open_Case_Result')}
        </Checkbox>
        <Checkbox checked={form.showFirstFailure} onChange={(e) => set({ showFirstFailure: e.target.checked })}>
          {t('Show_First_Failure')}
        </Checkbox>
        <Checkbox checked={form.codeShare} onChange={(e) => set({ codeShare: e.target.checked })}>
          {t('Code_Share')}
        </Checkbox>
      </Space>
      <Field label={t('Tags')}>
        <Select
          aria-label={t('Tags')}
          mode="tags"
          style={{ width: '100%' }}
          placeholder={t('Add_Tag_Placeholder')}
          value={form.tags}
          onChange={(v: string[]) => set({ tags: v })}
          options={tagNames.map((n) => ({ value: n, label: n }))}
        />
      </Field>
      <ProblemLanguagesField form={form} set={set} languageNames={languageNames} />
      <ProblemCheckerField form={form} set={set} onCompile={onCompile} />
      <ProblemExtraFilesField
        label={t('User_Extra_File')}
        rows={form.userExtraFiles}
        onChange={(rows) => set({ userExtraFiles: rows })}
      />
      <ProblemExtraFilesField
        label={t('Judge_Extra_File')}
        rows={form.judgeExtraFiles}
        onChange={(rows) => set({ judgeExtraFiles: rows })}
      />
    </>
  );
};
