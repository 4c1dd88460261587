import { Checkbox, Input, Space, Switch, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Field, type ProblemSectionProps } from './problem-form-field';

/** The languages a problem accepts and, for each, an optional code template shown to the user. */
export const ProblemLanguagesField = ({
  form,
  set,
  languageNames,
}: ProblemSectionProps & { languageNames: string[] }) => {
  const { t } = useTranslation('admin');
  return (
    <>
      <Field label={t('Languages')}>
        <Checkbox.Group
          value={form.languages}
          onChange={(v) => set({ languages: v as string[] })}
          options={languageNames}
        />
      </Field>
      <Field label={t('Code_Template')}>
        <Typography.Paragraph type="secondary">{t('Code_Template_Tip')}</Typography.Paragraph>
        {form.languages.map((language) => {
          const tpl = form.templates.find((x) => x.language === language);
          const update = (patch: Partial<{ code: string; status: boolean }>) =>
            set({
              templates: [
                ...form.templates.filter((x) => x.language !== language),
                { language, code: tpl?.code ?? '', status: tpl?.status ?? false, ...patch },
              ],
            });
          return (
            <div key={language} style={{ marginBottom: 8 }}>
              <Space>
                <strong>{language}</strong>
                <Switch
                  aria-label={`${t('Enable')} ${language}`}
                  size="small"
                  checked={!!tpl?.status}
                  onChange={(status) => update({ status })}
                />
              </Space>
              {tpl?.status && (
                <Input.TextArea
                  aria-label={`${t('Code_Template')} ${language}`}
                  rows={5}
                  style={{ fontFamily: 'monospace' }}
                  value={tpl.code}
                  onChange={(e) => update({ code: e.target.value })}
                />
              )}
            </div>
          );
        })}
      </Field>
    </>
  );
};
