import { adminProblem } from '@oj/shared';
import { Button, Input, Modal, Radio, Select, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { CheckerErrorText, CheckerStateTag } from './checker-state-tag';
import { Field, type ProblemSectionProps } from './problem-form-field';

/** How answers are judged (compared, by a special checker, or interactively) and the checker's code, which the
 * page compiles on request; the saved checker's last compile (queued by the server on every save) shows beside it,
 * with the compiler's text when it failed. */
export const ProblemCheckerField = ({ form, set, onCompile }: ProblemSectionProps & { onCompile: () => void }) => {
  const { t } = useTranslation(['admin', 'problem']);
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
          <Space style={{ marginBottom: 4 }}>
            <Select
              aria-label={t('Language')}
              value={form.spjLanguage}
              onChange={(v) => set({ spjLanguage: v })}
              options={adminProblem.CHECKER_LANGUAGES.map((l) => ({ value: l, label: l }))}
            />
            <Button onClick={onCompile}>{t('Compile_Checker')}</Button>
            {form.checkerState && (
              <span>
                {t('Checker_State_Saved')}: <CheckerStateTag state={form.checkerState} error={null} />
              </span>
            )}
          </Space>
          {form.checkerState === 'error' && form.checkerError && (
            <div role="alert" aria-label={t('Checker_State_error')} style={{ marginBottom: 4 }}>
              <CheckerErrorText text={form.checkerError} />
            </div>
          )}
          <Input.TextArea
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
