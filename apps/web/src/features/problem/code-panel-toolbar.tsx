import { SettingOutlined } from '@ant-design/icons';
import { Button, Form, Popconfirm, Popover, Select, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { EDITOR_THEMES, type EditorSettings, FONT_SIZES, TAB_SIZES } from './editor-storage';

/** The editor settings: theme, font size and tab size. */
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

/** The row above the editor (its own chunk, with antd's Select, Popover and Popconfirm; code-panel.tsx shows a
 * stand-in of the same size until it is there, decision 0045): the language, the editor settings, resetting the
 * code to the template and fetching the caller's last accepted code. */
export const CodeToolbar = ({
  language,
  languages,
  onLanguageChange,
  settings,
  onSettingsChange,
  onReset,
  onFetchLatestAc,
}: {
  language: string;
  languages: string[];
  onLanguageChange: (language: string) => void;
  settings: EditorSettings;
  onSettingsChange: (patch: Partial<EditorSettings>) => void;
  onReset: () => void;
  onFetchLatestAc: () => void;
}) => {
  const { t } = useTranslation(['problem', 'contest', 'remote-judge', 'submission']);
  return (
    <Space wrap>
      <Select
        aria-label={t('Language')}
        value={language || undefined}
        // A remote judge's names are long ("GNU G++20 13.2 (64 bit, winlibs)"): the box grows up to 260 px and its
        // list shows them whole.
        style={{ minWidth: 170, maxWidth: 260 }}
        popupMatchSelectWidth={false}
        // Up to 15 languages (a remote judge's up to 30): typing narrows the list.
        showSearch
        onChange={onLanguageChange}
        options={languages.map((l) => ({ value: l, label: l }))}
      />
      <Popover
        trigger="click"
        title={t('Editor_Settings')}
        content={<EditorSettingsForm settings={settings} onChange={onSettingsChange} />}
      >
        <Button icon={<SettingOutlined />}>{t('Editor_Settings')}</Button>
      </Popover>
      <Popconfirm title={t('Reset_Code_Confirm')} okText={t('Confirm')} cancelText={t('Cancel')} onConfirm={onReset}>
        <Button>{t('Reset_Code')}</Button>
      </Popconfirm>
      <Popconfirm
        title={t('Get_Recently_Passed_Code_Confirm')}
        okText={t('Confirm')}
        cancelText={t('Cancel')}
        onConfirm={onFetchLatestAc}
      >
        <Button>{t('Get_Recently_Passed_Code')}</Button>
      </Popconfirm>
    </Space>
  );
};
