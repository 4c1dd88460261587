import { Button, Input, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { Field } from './problem-form-field';
import type { ExtraFileRow } from './problem-form-model';

/** Extra files given to the user's program or to the checker: a name and a content each. */
export const ProblemExtraFilesField = ({
  label,
  rows,
  onChange,
}: {
  label: string;
  rows: ExtraFileRow[];
  onChange: (rows: ExtraFileRow[]) => void;
}) => {
  const { t } = useTranslation(['admin', 'contest']);
  const set = (i: number, patch: Partial<ExtraFileRow>) =>
    onChange(rows.map((r, k) => (k === i ? { ...r, ...patch } : r)));
  return (
    <Field label={label}>
      {rows.map((r, i) => (
        <Space key={i} align="start" style={{ display: 'flex', marginBottom: 8 }}>
          <Input
            aria-label={`${label} ${t('File_Name')} ${i + 1}`}
            placeholder={t('File_Name')}
            value={r.name}
            onChange={(e) => set(i, { name: e.target.value })}
          />
          <Input.TextArea
            aria-label={`${label} ${t('File_Content')} ${i + 1}`}
            placeholder={t('File_Content')}
            rows={3}
            style={{ width: 420 }}
            value={r.content}
            onChange={(e) => set(i, { content: e.target.value })}
          />
          <Button onClick={() => onChange(rows.filter((_, k) => k !== i))}>{t('Remove')}</Button>
        </Space>
      ))}
      <Button size="small" onClick={() => onChange([...rows, { name: '', content: '' }])}>
        {t('Add_File')}
      </Button>
    </Field>
  );
};
