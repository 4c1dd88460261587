import { Col, Input, InputNumber, Row, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { Field, type ProblemSectionProps } from './problem-form-field';

/** One of the problem's limits (time, memory, stack): a whole number from 1 to max, a quarter row wide. */
const LimitField = ({
  label,
  max,
  value,
  onChange,
}: {
  label: string;
  max: number;
  value: number;
  onChange: (value: number | null) => void;
}) => (
  <Col xs={12} md={6}>
    <Field label={label}>
      <InputNumber aria-label={label} min={1} max={max} value={value} onChange={onChange} />
    </Field>
  </Col>
);

/** The problem's name and display id, its time, memory and stack limits and its difficulty. */
export const ProblemBasicsSection = ({ form, set }: ProblemSectionProps) => {
  const { t } = useTranslation(['admin', 'contest', 'problem']);
  return (
    <Row gutter={16}>
      <Col xs={24} md={8}>
        <Field label={t('Display_ID')}>
          <Input
            aria-label={t('Display_ID')}
            placeholder={t('Display_ID_Tip')}
            value={form.problemId}
            onChange={(e) => set({ problemId: e.target.value })}
          />
        </Field>
      </Col>
      <Col xs={24} md={16}>
        <Field label={t('Problem_Title')}>
          <Input aria-label={t('Problem_Title')} value={form.title} onChange={(e) => set({ title: e.target.value })} />
        </Field>
      </Col>
      <LimitField
        label={t('Time_Limit_Ms')}
        max={60000}
        value={form.timeLimit}
        onChange={(v) => set({ timeLimit: v ?? 1000 })}
      />
      <LimitField
        label={t('Memory_Limit_Mb')}
        max={8192}
        value={form.memoryLimit}
        onChange={(v) => set({ memoryLimit: v ?? 256 })}
      />
      <LimitField
        label={t('Stack_Limit')}
        max={8192}
        value={form.stackLimit}
        onChange={(v) => set({ stackLimit: v ?? 128 })}
      />
      <Col xs={12} md={6}>
        <Field label={t('Difficulty')}>
          <Select
            aria-label={t('Difficulty')}
            style={{ width: '100%' }}
            value={form.difficulty}
            onChange={(v) => set({ difficulty: v })}
            options={[0, 1, 2].map((v) => ({ value: v, label: t(['Easy', 'Mid', 'Hard'][v]) }))}
          />
        </Field>
      </Col>
    </Row>
  );
};
