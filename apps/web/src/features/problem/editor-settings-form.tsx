import { Form, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { EDITOR_THEMES, type EditorSettings, FONT_SIZES, TAB_SIZES } from './editor-storage';

/** The editor settings: theme, font size and tab size (the settings popover of code-panel-toolbar.tsx). */
const EditorSettingsForm = ({
  settings,
  onChange,
}: {
  settings: EditorSettings;
  onChange: (patch: Partial<EditorSettings>) => void;
}) => {
  const { t } = useTranslation(['problem', 'contest', 'remote-judge', 'submission']);
  return (
    <Form layout="vertical" style={{ width: 200 }}>
      <Form.Item label={t('Theme')} style={{ marginBottom: 8 }}>
        <Select
          aria-label={t('Theme')}
          value={settings.theme}
          onChange={(theme) => onChange({ theme })}
          options={EDITOR_THEMES.map((x) => ({ value: x, label: x }))}
        />
      </Form.Item>
      <Form.Item label={t('Font_Size')} style={{ marginBottom: 8 }}>
        <Select
          aria-label={t('Font_Size')}
          value={settings.fontSize}
          onChange={(fontSize) => onChange({ fontSize })}
          options={FONT_SIZES.map((x) => ({ value: x, label: `${x}px` }))}
        />
      </Form.Item>
      <Form.Item label={t('Tab_Size')} style={{ marginBottom: 0 }}>
        <Select
          aria-label={t('Tab_Size')}
          value={settings.tabSize}
          onChange={(tabSize) => onChange({ tabSize })}
          options={TAB_SIZES.map((x) => ({ value: x, label: String(x) }))}
        />
      </Form.Item>
    </Form>
  );
};

export default EditorSettingsForm;
