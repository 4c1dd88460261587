import { Button, Col, Input, Row } from 'antd';
import { useTranslation } from 'react-i18next';
import { MarkdownField } from '../markdown-field';
import { Field, type ProblemSectionProps } from './problem-form-field';

/** The sample inputs and outputs shown with the statement, one row each. */
const ExamplesField = ({ form, set }: ProblemSectionProps) => {
  const { t } = useTranslation(['admin', 'contest', 'problem']);
  return (
    <Field label={t('Examples')}>
      {form.examples.map((e, i) => (
        <Row key={i} gutter={8} wrap={false} style={{ marginBottom: 8 }}>
          <Col flex="1 1 0" style={{ minWidth: 0 }}>
            <Input.TextArea
              aria-label={`${t('Example_Input')} ${i + 1}`}
              placeholder={t('Example_Input')}
              rows={2}
              value={e.input}
              onChange={(ev) =>
                set({ examples: form.examples.map((x, k) => (k === i ? { ...x, input: ev.target.value } : x)) })
              }
            />
          </Col>
          <Col flex="1 1 0" style={{ minWidth: 0 }}>
            <Input.TextArea
              aria-label={`${t('Example_Output')} ${i + 1}`}
              placeholder={t('Example_Output')}
              rows={2}
              value={e.output}
              onChange={(ev) =>
                set({ examples: form.examples.map((x, k) => (k === i ? { ...x, output: ev.target.value } : x)) })
              }
            />
          </Col>
          <Col flex="none">
            <Button onClick={() => set({ examples: form.examples.filter((_, k) => k !== i) })}>{t('Remove')}</Button>
          </Col>
        </Row>
      ))}
      <Button size="small" onClick={() => set({ examples: [...form.examples, { input: '', output: '' }] })}>
        {t('Add_Example')}
      </Button>
    </Field>
  );
};

/** The statement: description, input and output, samples, hint and source. A group's problem uploads its images
 * with the group's id. */
export const ProblemStatementSection = ({ form, set, gid }: ProblemSectionProps & { gid: number | undefined }) => {
  const { t } = useTranslation(['admin', 'contest', 'problem']);
  return (
    <>
      <MarkdownField
        gid={gid}
        label={t('Problem_Description')}
        value={form.description}
        onChange={(v) => set({ description: v })}
        rows={8}
      />
      <MarkdownField
        gid={gid}
        label={t('Input_Description')}
        value={form.input}
        onChange={(v) => set({ input: v })}
        rows={3}
      />
      <MarkdownField
        gid={gid}
        label={t('Output_Description')}
        value={form.output}
        onChange={(v) => set({ output: v })}
        rows={3}
      />
      <ExamplesField form={form} set={set} />
      <MarkdownField gid={gid} label={t('Hint')} value={form.hint} onChange={(v) => set({ hint: v })} rows={3} />
      <Field label={t('Source')}>
        <Input aria-label={t('Source')} value={form.source} onChange={(e) => set({ source: e.target.value })} />
      </Field>
    </>
  );
};
