import { SettingOutlined } from '@ant-design/icons';
import { Button, Popconfirm, Popover, Select, Space, Spin } from 'antd';
import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { lazyScreen } from '../../lib/lazy-screen';
import type { EditorSettings } from './editor-storage';

/** The settings' form (antd's Form and three selects) is its own chunk, asked for when the pointer or the focus comes to
 * the settings button: the row arrives with the editor's first frames, and the form's code is not needed until the
 * popover opens. */
const EditorSettingsForm = lazyScreen(() => import('./editor-settings-form'));
const preloadSettingsForm = () => void EditorSettingsForm.preload().catch(() => undefined);

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
        content={
          <Suspense fallback={<Spin size="small" style={{ display: 'block', width: 200 }} />}>
            <EditorSettingsForm settings={settings} onChange={onSettingsChange} />
          </Suspense>
        }
      >
        <Button icon={<SettingOutlined />} onPointerEnter={preloadSettingsForm} onFocus={preloadSettingsForm}>
          {t('Editor_Settings')}
        </Button>
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
