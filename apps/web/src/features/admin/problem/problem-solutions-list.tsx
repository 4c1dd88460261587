import {
  judgeProtocol,
  LANGUAGE_NAMES,
  type LanguageName,
  type ProblemSolution,
  packageCheck,
  type SolutionTag,
} from '@oj/shared';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Input, Modal, Popconfirm, Select, Space, Table, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useResponsiveColumns } from '../../../components/responsive-table';
import { api } from '../../../lib/api';
import { toast } from '../../../lib/notify';
import { queryKey } from '../../../lib/query-keys';
import { useApiMutation } from '../../../lib/use-api-mutation';
import { Field } from './problem-form-field';
import { SOLUTION_TAG_LABELS } from './solution-tags';

const CODE_STYLE = {
  fontFamily: 'monospace',
  whiteSpace: 'pre',
  overflow: 'auto',
  maxHeight: '60vh',
  margin: 0,
} as const;

interface Draft {
  name: string;
  language: LanguageName;
  tag: SolutionTag;
  code: string;
}

/** What is wrong with a draft (a text key), or null; the server checks the same (packages/shared/src/contract/
 * package-check.ts addProblemSolution). */
const draftProblem = (d: Draft) => {
  if (!d.name.trim()) return 'Solution_Name_Required';
  if (!d.code.trim()) return 'Solution_Code_Required';
  if (d.code.length > packageCheck.SOLUTION_CODE_MAX) return 'Solution_Code_Too_Long';
  return null;
};

/** The form that adds a solution, in a dialog: name, language, the verdict it is expected to get, code. */
const AddSolutionDialog = ({ pid, hasMain, onClose }: { pid: number; hasMain: boolean; onClose: () => void }) => {
  const { t } = useTranslation('admin');
  // The first solution is usually the main one; after it, a solution is most often another accepted one.
  const [draft, setDraft] = useState<Draft>({
    name: '',
    language: 'C++',
    tag: hasMain ? 'accepted' : 'main',
    code: '',
  });
  const set = (patch: Partial<Draft>) => setDraft((d) => ({ ...d, ...patch }));
  const add = useApiMutation({
    mutationFn: (d: Draft) => api.call(packageCheck.addProblemSolution, { pid, ...d, name: d.name.trim() }),
    invalidates: [queryKey(packageCheck.getProblemSolutions, pid)],
    onSuccess: () => {
      toast.success(t('Add_Successfully'));
      onClose();
    },
  });
  const submit = () => {
    const problem = draftProblem(draft);
    if (problem) toast.error(t(problem));
    else add.mutate(draft);
  };
  return (
    <Modal
      open
      title={t('Solution_Add_Title')}
      okText={t('Solution_Add')}
      onOk={submit}
      confirmLoading={add.isPending}
      onCancel={onClose}
      width={760}
    >
      <Field label={t('Solution_Name')}>
        <Input
          aria-label={t('Solution_Name')}
          maxLength={100}
          value={draft.name}
          onChange={(e) => set({ name: e.target.value })}
        />
      </Field>
      <Space wrap size="middle" style={{ width: '100%' }}>
        <Field label={t('Solution_Language')}>
          <Select
            aria-label={t('Solution_Language')}
            style={{ minWidth: 180 }}
            value={draft.language}
            onChange={(language: LanguageName) => set({ language })}
            options={LANGUAGE_NAMES.map((l) => ({ value: l, label: l }))}
          />
        </Field>
        <Field label={t('Solution_Tag')}>
          <Select
            aria-label={t('Solution_Tag')}
            style={{ minWidth: 220, maxWidth: '100%' }}
            value={draft.tag}
            onChange={(tag: SolutionTag) => set({ tag })}
            options={judgeProtocol.SOLUTION_TAGS.map((tag) => ({ value: tag, label: t(SOLUTION_TAG_LABELS[tag]) }))}
          />
        </Field>
      </Space>
      <Field label={t('Solution_Code')}>
        <Input.TextArea
          aria-label={t('Solution_Code')}
          rows={14}
          spellCheck={false}
          style={{ fontFamily: 'monospace' }}
          value={draft.code}
          onChange={(e) => set({ code: e.target.value })}
        />
      </Field>
    </Modal>
  );
};

/** The problem's reference solutions: each with its language and expected verdict, its code on demand, deleted after
 * a confirmation; and the dialog that adds one. */
export const ProblemSolutionsList = ({ pid }: { pid: number }) => {
  const { t } = useTranslation('admin');
  const [adding, setAdding] = useState(false);
  const [viewing, setViewing] = useState<ProblemSolution | null>(null);
  const solutions = useQuery({
    queryKey: queryKey(packageCheck.getProblemSolutions, pid),
    queryFn: () => api.call(packageCheck.getProblemSolutions, { pid }),
  });
  const remove = useApiMutation({
    mutationFn: (id: number) => api.call(packageCheck.deleteProblemSolution, { id }),
    invalidates: [queryKey(packageCheck.getProblemSolutions, pid)],
    onSuccess: () => toast.success(t('Delete_Successfully')),
  });
  const rows = solutions.data ?? [];
  // A phone shows the name and the expected verdict; the language and the buttons in the row's details.
  const layout = useResponsiveColumns<ProblemSolution>([
    {
      title: t('Solution_Name'),
      key: 'name',
      render: (_, s) => <span style={{ overflowWrap: 'anywhere' }}>{s.name}</span>,
    },
    {
      title: t('Solution_Tag'),
      key: 'tag',
      render: (_, s) => (
        <Tag color={s.tag === 'main' ? 'blue' : undefined}>{t(SOLUTION_TAG_LABELS[s.tag] ?? s.tag)}</Tag>
      ),
    },
    { title: t('Solution_Language'), key: 'language', dataIndex: 'language', from: 'tablet' },
    {
      title: t('Action'),
      key: 'action',
      from: 'tablet',
      render: (_, s) => (
        <Space wrap size="small">
          <Button size="small" onClick={() => setViewing(s)}>
            {t('Solution_View_Code')}
          </Button>
          <Popconfirm title={t('Solution_Delete_Confirm', { name: s.name })} onConfirm={() => remove.settle(s.id)}>
            <Button size="small" danger>
              {t('Delete')}
            </Button>
          </Popconfirm>
        </Space>
      ),
    },
  ]);
  return (
    <>
      <Space wrap style={{ width: '100%', justifyContent: 'space-between', marginBottom: 8 }}>
        <Typography.Title level={5} style={{ margin: 0 }}>
          {t('Solution_List_Title')}
        </Typography.Title>
        <Button onClick={() => setAdding(true)}>{t('Solution_Add')}</Button>
      </Space>
      {solutions.isSuccess && rows.length === 0 ? (
        <Alert type="info" showIcon title={t('Solution_Empty')} style={{ marginBottom: 12 }} />
      ) : (
        <Table<ProblemSolution>
          size="small"
          rowKey="id"
          loading={solutions.isLoading}
          pagination={false}
          dataSource={rows}
          style={{ marginBottom: 12 }}
          {...layout}
        />
      )}
      {adding && (
        <AddSolutionDialog pid={pid} hasMain={rows.some((s) => s.tag === 'main')} onClose={() => setAdding(false)} />
      )}
      {viewing && (
        <Modal
          open
          title={`${viewing.name} (${viewing.language})`}
          footer={null}
          onCancel={() => setViewing(null)}
          width={860}
        >
          <pre style={CODE_STYLE}>{viewing.code}</pre>
        </Modal>
      )}
    </>
  );
};
