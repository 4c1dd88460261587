import { plagiarism as contract, type PlagiarismBaseFile } from '@oj/shared';
import { useQuery } from '@tanstack/react-query';
import { Button, Collapse, Input, List, Select, Space, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../lib/api';
import { formatTime } from '../../lib/format-time';
import { toast } from '../../lib/notify';
import { queryKey } from '../../lib/query-keys';
import { useApiMutation } from '../../lib/use-api-mutation';
import { type DecisionScope, scopeBesideProblem } from './decision-parts';
import { LANGUAGE_NAMES } from './plagiarism-format';

/** The scope's base files (decision 0049): code the admins hand out for a problem and language (a skeleton), whose
 * fragments the scope's later checks ignore. Folded until opened; the list comes with the scope's problems. */
export const BaseFiles = ({ scope }: { scope: DecisionScope }) => {
  const { t } = useTranslation(['plagiarism']);
  const files = useQuery({
    queryKey: queryKey(contract.listBaseFiles, scope),
    queryFn: () => api.call(contract.listBaseFiles, scope),
    retry: false,
  });
  const problems = files.data?.problems ?? [];
  const [pid, setPid] = useState<number | undefined>();
  const [language, setLanguage] = useState<(typeof contract.PLAGIARISM_LANGUAGES)[number]>('cpp');
  const [code, setCode] = useState('');
  const chosen = pid ?? problems[0]?.pid;
  const save = useApiMutation({
    mutationFn: (v: { pid: number; language: PlagiarismBaseFile['language']; code: string }) =>
      api.call(contract.setBaseFile, { ...scopeBesideProblem(scope), ...v }),
    invalidates: [queryKey(contract.listBaseFiles)],
    onSuccess: (r) => {
      toast.success(t(r.stored ? 'Plag_Base_Saved' : 'Plag_Base_Removed'));
      if (r.stored) setCode('');
    },
  });
  const records = files.data?.records ?? [];
  return (
    <Collapse
      className="oj-plag-bases"
      items={[
        {
          key: 'bases',
          label: t('Plag_Base_Files', { count: records.length }),
          children: (
            <>
              <Typography.Paragraph type="secondary">{t('Plag_Base_Hint')}</Typography.Paragraph>
              <List
                size="small"
                locale={{ emptyText: t('Plag_Base_None') }}
                dataSource={records}
                renderItem={(f) => (
                  <List.Item
                    actions={[
                      <Button
                        key="remove"
                        size="small"
                        danger
                        aria-label={t('Plag_Base_Remove_Of', {
                          problem: f.displayId,
                          language: LANGUAGE_NAMES[f.language],
                        })}
                        onClick={() => void save.settle({ pid: f.pid, language: f.language, code: '' })}
                      >
                        {t('Plag_Base_Remove')}
                      </Button>,
                    ]}
                  >
                    <List.Item.Meta
                      title={`${f.displayId} ${f.title} · ${LANGUAGE_NAMES[f.language]}`}
                      description={t('Plag_Base_By', {
                        lines: f.code.split('\n').length,
                        user: f.username,
                        time: formatTime(f.gmtModified),
                      })}
                    />
                  </List.Item>
                )}
              />
              <Space orientation="vertical" style={{ width: '100%', marginTop: 12 }}>
                <Space wrap>
                  <Select
                    aria-label={t('Plag_Problem')}
                    style={{ minWidth: 200 }}
                    value={chosen}
                    onChange={setPid}
                    options={problems.map((p) => ({ value: p.pid, label: `${p.displayId} ${p.title}` }))}
                  />
                  <Select
                    aria-label={t('Plag_Language')}
                    style={{ minWidth: 140 }}
                    value={language}
                    onChange={setLanguage}
                    options={contract.PLAGIARISM_LANGUAGES.map((l) => ({ value: l, label: LANGUAGE_NAMES[l] }))}
                  />
                </Space>
                <Input.TextArea
                  aria-label={t('Plag_Base_Code')}
                  placeholder={t('Plag_Base_Code')}
                  className="oj-plag-base-code"
                  value={code}
                  maxLength={contract.PLAGIARISM_BASE_FILE_MAX}
                  autoSize={{ minRows: 4, maxRows: 14 }}
                  onChange={(e) => setCode(e.target.value)}
                />
                <Button
                  type="primary"
                  disabled={chosen === undefined || code.trim() === ''}
                  loading={save.isPending}
                  onClick={() => chosen !== undefined && void save.settle({ pid: chosen, language, code })}
                >
                  {t('Plag_Base_Save')}
                </Button>
              </Space>
            </>
          ),
        },
      ]}
    />
  );
};
