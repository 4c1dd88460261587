import {
  adminContest,
  adminProblem,
  file,
  groupContest,
  groupProblem,
  JUDGE_CASE_MODES,
  problem as problemContract,
} from '@oj/shared';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Alert,
  Button,
  Checkbox,
  Col,
  Input,
  InputNumber,
  Modal,
  Radio,
  Row,
  Select,
  Space,
  Switch,
  Table,
  Typography,
  Upload,
} from 'antd';
import { type ReactNode, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { PageLoading } from '../../components/page-loading';
import { Panel } from '../../components/panel';
import { api } from '../../lib/api';
import { useSession } from '../../lib/auth-store';
import { ApiError } from '../../lib/http-client';
import { toast } from '../../lib/notify';
import { registerContestTexts } from '../contest/contest-texts';
import { registerAdminTexts } from './admin-texts';
import { MarkdownField } from './markdown-field';
import {
  type CaseRow,
  defaultProblemLanguages,
  type ExtraFileRow,
  emptyProblemForm,
  formProblems,
  formToDto,
  isSubtaskMode,
  type ProblemFormState,
  problemToForm,
  spreadScores,
} from './problem-form-model';

const Field = ({ label, children }: { label: string; children: ReactNode }) => (
  <div style={{ marginBottom: 12 }}>
    <div style={{ marginBottom: 4, fontWeight: 500 }}>{label}</div>
    {children}
  </div>
);

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

const ExtraFiles = ({
  label,
  rows,
  onChange,
}: {
  label: string;
  rows: ExtraFileRow[];
  onChange: (rows: ExtraFileRow[]) => void;
}) => {
  const { t } = useTranslation();
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

/** An endpoint whose call carries extra query parameters (uploads read the group's id from the query string, before
 * the body; spec 3 §2.6). */
const withQuery = <E extends { path: string }>(endpoint: E, query: Record<string, string | number> | null): E =>
  query
    ? ({
        ...endpoint,
        path: `${endpoint.path}?${new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)]))}`,
      } as E)
    : endpoint;

/** A group's problem (spec 3 §2.6): the group's id and the short name its display ids start with. */
export interface ProblemFormGroup {
  gid: number;
  shortName: string;
}

/** /admin/problem/create and /admin/problem/edit/:problemId (spec 3 §3-§5, reference ProblemDTO); with `group`, the
 * group's problem form (GroupCreateProblem, GroupEditProblem), saved through the group's calls. */
const AdminProblemEditPage = ({ group }: { group?: ProblemFormGroup }) => {
  registerAdminTexts();
  registerContestTexts();
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { problemId, contestId } = useParams();
  const pid = problemId ? Number(problemId) : undefined;
  // Under /admin/contest/:contestId the problem is the contest's own: contest-only by default, saved through the
  // contest's problem calls, and the contest's problem list is where the admin returns.
  const cid = contestId ? Number(contestId) : undefined;
  const { roles } = useSession();
  const gid = group?.gid;
  // Inside a group "public" means open to the group's members: any group admin may choose it.
  const canPublish = gid !== undefined || roles.includes('root') || roles.includes('problem_admin');
  const [form, setForm] = useState<ProblemFormState | null>(null);
  const [savedChecker, setSavedChecker] = useState('');
  const [compiledChecker, setCompiledChecker] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  // A problem written inside a contest gets its name in the contest at once (spec 3 §5).
  const [inContest, setInContest] = useState({ displayId: '', displayTitle: '' });

  const languages = useQuery({
    queryKey: ['languages', 'all'],
    queryFn: () => api.call(problemContract.languages, { all: true }),
  });
  // What the judges offer now (the problem pages offer the same); a new problem ticks only these.
  const offered = useQuery({
    queryKey: ['languages', 'offered'],
    enabled: pid === undefined,
    queryFn: () => api.call(problemContract.languages, {}),
  });
  const allTags = useQuery({
    queryKey: gid === undefined ? ['tags', 'all'] : [groupProblem.getGroupProblemTags.path, gid],
    queryFn: () =>
      gid === undefined
        ? api.call(problemContract.getAllProblemTags, {})
        : api.call(groupProblem.getGroupProblemTags, { gid }),
  });
  const stored = useQuery({
    queryKey: gid === undefined ? ['admin', 'problem', pid] : ['group', gid, 'problem', pid],
    enabled: pid !== undefined,
    queryFn: async () => {
      if (gid !== undefined) {
        // The group's calls; the form's settings come from the same call as the admin area's (the server applies the
        // group's rule to it).
        const p = await api.call(groupProblem.getGroupProblem, { pid: pid as number });
        const [settings, cases] = await Promise.all([
          api.call(adminProblem.getProblemSettings, { pid: p.id }),
          api.call(groupProblem.getGroupProblemCases, { pid: p.id, isUpload: p.isUploadCase }),
        ]);
        return problemToForm(p, settings, cases);
      }
      const p = await api.call(adminProblem.getProblem, { pid: pid as number });
      const [settings, cases] = await Promise.all([
        api.call(adminProblem.getProblemSettings, { pid: p.id }),
        api.call(adminProblem.getProblemCases, { pid: p.id, isUpload: p.isUploadCase }),
      ]);
      return problemToForm(p, settings, cases);
    },
  });

  useEffect(() => {
    if (pid !== undefined && stored.data) {
      setForm(stored.data);
      setSavedChecker(stored.data.spjCode);
    } else if (pid === undefined && languages.data && (offered.data || offered.isError) && !form) {
      const empty = emptyProblemForm(
        canPublish,
        defaultProblemLanguages(
          languages.data.map((l) => l.name),
          (offered.data ?? []).map((l) => l.name),
        ),
      );
      setForm(
        group
          ? {
              ...empty,
              auth:
                cid === undefined ? groupProblem.GROUP_PROBLEM_AUTH.PUBLIC : groupProblem.GROUP_PROBLEM_AUTH.CONTEST,
              problemId: group.shortName,
            }
          : cid === undefined
            ? empty
            : { ...empty, auth: 3 },
      );
    }
  }, [pid, cid, group, stored.data, languages.data, offered.data, offered.isError, form, canPublish]);

  if (!form) return <PageLoading />;
  const set = (patch: Partial<ProblemFormState>) => setForm({ ...form, ...patch });
  const setCase = (i: number, patch: Partial<CaseRow>) =>
    set({ cases: form.cases.map((c, k) => (k === i ? { ...c, ...patch } : c)) });
  const totalScore = form.cases.reduce((sum, c) => sum + (c.score ?? 0), 0);

  const uploadZip = async (zip: File) => {
    const body = new FormData();
    body.append('mode', form.judgeCaseMode);
    body.append('file', zip, zip.name);
    try {
      const got = await api.call(withQuery(file.uploadTestcaseZip, gid ? { gid } : null), body as never);
      const cases = got.fileList.map((f) => ({
        input: f.input,
        output: f.output,
        score: null,
        groupNum: f.groupNum ?? 1,
      }));
      set({ uploadTestcaseDir: got.fileListDir, cases: form.type === 1 ? spreadScores(cases) : cases });
      toast.success(t('Upload_Successfully'));
    } catch {
      // The client already showed the server's message (spec 3 §8: a failed upload shows the server msg).
    }
  };

  const compile = async () => {
    const interactive = form.judgeMode === 'interactive';
    const body = {
      code: form.spjCode,
      language: form.spjLanguage,
      pid: form.id ?? null,
      extraFiles: Object.fromEntries(form.judgeExtraFiles.filter((f) => f.name).map((f) => [f.name, f.content])),
    };
    try {
      if (gid !== undefined) {
        const endpoint = interactive ? groupProblem.compileGroupInteractive : groupProblem.compileGroupSpj;
        await api.call(endpoint, { ...body, gid }, { silent: true });
      } else {
        const endpoint = interactive ? adminProblem.compileInteractive : adminProblem.compileSpj;
        await api.call(endpoint, body, { silent: true });
      }
      setCompiledChecker(form.spjCode);
      toast.success(t('Compiled_Successfully'));
    } catch (e) {
      // The spec's compiler error dialog with the server's text (spec 3 §8).
      Modal.error({
        title: t('Compile_Error'),
        width: 640,
        content: <pre style={{ whiteSpace: 'pre-wrap', maxHeight: 400, overflow: 'auto' }}>{(e as Error).message}</pre>,
      });
    }
  };

  const save = async () => {
    const problems = formProblems(form);
    if (problems.length) {
      toast.error(t(problems[0]));
      return;
    }
    const contestNames = { displayId: inContest.displayId.trim(), displayTitle: inContest.displayTitle.trim() };
    if (cid !== undefined && !form.id && (!contestNames.displayId || !contestNames.displayTitle)) {
      toast.error(t('Contest_Display_Required'));
      return;
    }
    // Spec 3 §4: a changed checker must compile before the problem is saved.
    if (form.judgeMode !== 'default' && form.spjCode !== savedChecker && form.spjCode !== compiledChecker) {
      toast.error(t('Checker_Must_Compile'));
      return;
    }
    setSaving(true);
    try {
      if (gid !== undefined) {
        const dto = formToDto(form);
        const body = { ...dto, problem: { ...dto.problem, gid } };
        if (cid !== undefined && !form.id) {
          // Written inside a group contest: a problem of the group, linked to the contest (spec 3 §2.8).
          await api.call(groupContest.createGroupContestProblem, { ...body, cid, ...contestNames });
          toast.success(t('Add_Successfully'));
          await queryClient.invalidateQueries({ queryKey: [groupContest.getGroupContestProblemList.path, cid] });
          navigate(`/group/${gid}/contest/${cid}/problems`);
          return;
        }
        await api.call(form.id ? groupProblem.updateGroupProblem : groupProblem.createGroupProblem, body);
        toast.success(t(form.id ? 'Update_Successfully' : 'Add_Successfully'));
        // The group's problem lists read it again when shown.
        await Promise.all(
          [groupProblem.getGroupAdminProblemList.path, groupProblem.getGroupProblemList.path].map((path) =>
            queryClient.invalidateQueries({ queryKey: [path, gid] }),
          ),
        );
        navigate(`/group/${gid}/problem?mode=admin`);
        return;
      }
      if (form.id) {
        await api.call(cid ? adminContest.updateContestProblem : adminProblem.updateProblem, formToDto(form));
        toast.success(t('Update_Successfully'));
      } else if (cid) {
        await api.call(adminContest.createContestProblem, { ...formToDto(form), cid, ...contestNames });
        toast.success(t('Add_Successfully'));
      } else {
        await api.call(adminProblem.createProblem, formToDto(form));
        toast.success(t('Add_Successfully'));
      }
      navigate(cid ? `/admin/contest/${cid}/problems` : '/admin/problems');
    } catch (e) {
      if (!(e instanceof ApiError)) throw e;
    } finally {
      setSaving(false);
    }
  };

  const languageNames = [...new Set([...(languages.data ?? []), ...(offered.data ?? [])].map((l) => l.name))];
  const subtask = isSubtaskMode(form.judgeCaseMode);

  return (
    <Space orientation="vertical" style={{ width: '100%' }} size="middle">
      <Panel title={t(form.id ? 'Edit_Problem' : 'Create_Problem')}>
        {cid !== undefined && !form.id && (
          <Row gutter={16}>
            <Col xs={24} md={8}>
              <Field label={t('Contest_Display_ID')}>
                <Input
                  aria-label={t('Contest_Display_ID')}
                  maxLength={20}
                  value={inContest.displayId}
                  onChange={(e) => setInContest({ ...inContest, displayId: e.target.value })}
                />
              </Field>
            </Col>
            <Col xs={24} md={16}>
              <Field label={t('Contest_Display_Title')}>
                <Input
                  aria-label={t('Contest_Display_Title')}
                  maxLength={255}
                  value={inContest.displayTitle}
                  onChange={(e) => setInContest({ ...inContest, displayTitle: e.target.value })}
                />
              </Field>
            </Col>
          </Row>
        )}
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
              <Input
                aria-label={t('Problem_Title')}
                value={form.title}
                onChange={(e) => set({ title: e.target.value })}
              />
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
                <Button onClick={() => set({ examples: form.examples.filter((_, k) => k !== i) })}>
                  {t('Remove')}
                </Button>
              </Col>
            </Row>
          ))}
          <Button size="small" onClick={() => set({ examples: [...form.examples, { input: '', output: '' }] })}>
            {t('Add_Example')}
          </Button>
        </Field>
        <MarkdownField gid={gid} label={t('Hint')} value={form.hint} onChange={(v) => set({ hint: v })} rows={3} />
        <Field label={t('Source')}>
          <Input aria-label={t('Source')} value={form.source} onChange={(e) => set({ source: e.target.value })} />
        </Field>
      </Panel>

      <Panel title={t('Judge_Mode')}>
        <Row gutter={16}>
          <Col xs={24} md={8}>
            <Field label={t('Type')}>
              <Radio.Group
                aria-label={t('Type')}
                value={form.type}
                onChange={(e) => {
                  const type = e.target.value as 0 | 1;
                  // Spec 3 §4: switching to OI spreads 100 points over the cases.
                  set({ type, cases: type === 1 ? spreadScores(form.cases) : form.cases });
                }}
                options={[
                  { value: 0, label: 'ACM' },
                  { value: 1, label: 'OI' },
                ]}
              />
            </Field>
          </Col>
          <Col xs={24} md={8}>
            <Field label={t('Auth')}>
              <Select
                aria-label={t('Auth')}
                style={{ width: '100%' }}
                value={form.auth}
                onChange={(v) => set({ auth: v })}
                options={[
                  { value: 1, label: t('Public_Problem'), disabled: !canPublish },
                  { value: 2, label: t('Private_Problem') },
                  // A group's contest problems are made within its contests (spec 3 §4).
                  { value: 3, label: t('Contest_Problem'), disabled: gid !== undefined && cid === undefined },
                ]}
              />
            </Field>
          </Col>
          <Col xs={24} md={8}>
            <Field label={t('Judge_Case_Mode')}>
              <Select
                aria-label={t('Judge_Case_Mode')}
                style={{ width: '100%' }}
                value={form.judgeCaseMode}
                onChange={(v) => set({ judgeCaseMode: v })}
                options={JUDGE_CASE_MODES.filter((m) => form.type === 1 || !m.startsWith('subtask')).map((m) => ({
                  value: m,
                  label: t(`Case_Mode_${m}`),
                }))}
              />
            </Field>
          </Col>
        </Row>
        <Space wrap size="large" style={{ marginBottom: 12 }}>
          <Checkbox checked={form.isRemoveEndBlank} onChange={(e) => set({ isRemoveEndBlank: e.target.checked })}>
            {t('Remove_End_Blank')}
          </Checkbox>
          <Checkbox checked={form.openCaseResult} onChange={(e) => set({ openCaseResult: e.target.checked })}>
            {t('Open_Case_Result')}
          </Checkbox>
          <Checkbox checked={form.codeShare} onChange={(e) => set({ codeShare: e.target.checked })}>
            {t('Code_Share')}
          </Checkbox>
        </Space>
        <Field label={t('Tags')}>
          <Select
            aria-label={t('Tags')}
            mode="tags"
            style={{ width: '100%' }}
            placeholder={t('Add_Tag_Placeholder')}
            value={form.tags}
            onChange={(v: string[]) => set({ tags: v })}
            options={[...new Set((allTags.data ?? []).map((x) => x.name))].map((n) => ({ value: n, label: n }))}
          />
        </Field>
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
              <Button onClick={() => void compile()}>{t('Compile_Checker')}</Button>
            </Space>
            <Input.TextArea
              aria-label={t('Checker_Code')}
              rows={10}
              style={{ fontFamily: 'monospace' }}
              value={form.spjCode}
              onChange={(e) => set({ spjCode: e.target.value })}
            />
          </Field>
        )}
        <ExtraFiles
          label={t('User_Extra_File')}
          rows={form.userExtraFiles}
          onChange={(rows) => set({ userExtraFiles: rows })}
        />
        <ExtraFiles
          label={t('Judge_Extra_File')}
          rows={form.judgeExtraFiles}
          onChange={(rows) => set({ judgeExtraFiles: rows })}
        />
      </Panel>

      <Panel title={t('Test_Data')}>
        <Radio.Group
          style={{ marginBottom: 12 }}
          value={form.isUploadTestCase}
          onChange={(e) => set({ isUploadTestCase: e.target.value, cases: [], uploadTestcaseDir: null })}
          options={[
            { value: true, label: t('Upload_Test_Data') },
            { value: false, label: t('Manual_Input') },
          ]}
        />
        {form.isUploadTestCase ? (
          <div style={{ marginBottom: 12 }}>
            <Upload
              accept=".zip"
              showUploadList={false}
              beforeUpload={(f) => {
                void uploadZip(f);
                return false;
              }}
            >
              <Button>{t('Upload_Zip')}</Button>
            </Upload>
            <Typography.Paragraph type="secondary">{t('Upload_Zip_Tip')}</Typography.Paragraph>
          </div>
        ) : (
          <Button
            style={{ marginBottom: 12 }}
            onClick={() => set({ cases: [...form.cases, { input: '', output: '', score: null, groupNum: 1 }] })}
          >
            {t('Add_Case')}
          </Button>
        )}
        {form.type === 1 && form.cases.length > 0 && (
          <Space style={{ marginBottom: 8 }}>
            <span>
              {t('Total_Score')}: {totalScore}
            </span>
            <Button size="small" onClick={() => set({ cases: spreadScores(form.cases) })}>
              {t('Spread_Scores')}
            </Button>
          </Space>
        )}
        {form.cases.length === 0 && <Alert type="info" showIcon title={t('Need_Test_Data')} />}
        {form.cases.length > 0 && (
          <Table<CaseRow & { key: number }>
            scroll={{ x: 'max-content' }}
            size="small"
            pagination={false}
            dataSource={form.cases.map((c, key) => ({ ...c, key }))}
            columns={[
              { title: '#', render: (_, c) => c.key + 1, width: 50 },
              form.isUploadTestCase
                ? { title: t('Input_File'), dataIndex: 'input' }
                : {
                    title: t('Case_Input'),
                    render: (_, c) => (
                      <Input.TextArea
                        aria-label={`${t('Case_Input')} ${c.key + 1}`}
                        rows={2}
                        value={c.input}
                        onChange={(e) => setCase(c.key, { input: e.target.value })}
                      />
                    ),
                  },
              form.isUploadTestCase
                ? { title: t('Output_File'), dataIndex: 'output' }
                : {
                    title: t('Case_Output'),
                    render: (_, c) => (
                      <Input.TextArea
                        aria-label={`${t('Case_Output')} ${c.key + 1}`}
                        rows={2}
                        value={c.output}
                        onChange={(e) => setCase(c.key, { output: e.target.value })}
                      />
                    ),
                  },
              ...(form.type === 1
                ? [
                    {
                      title: t('Score'),
                      render: (_: unknown, c: CaseRow & { key: number }) => (
                        <InputNumber
                          aria-label={`${t('Score')} ${c.key + 1}`}
                          min={0}
                          precision={0}
                          value={c.score}
                          onChange={(v) => setCase(c.key, { score: v ?? 0 })}
                        />
                      ),
                    },
                  ]
                : []),
              ...(subtask
                ? [
                    {
                      title: t('Group_Num'),
                      render: (_: unknown, c: CaseRow & { key: number }) => (
                        <InputNumber
                          aria-label={`${t('Group_Num')} ${c.key + 1}`}
                          min={1}
                          precision={0}
                          value={c.groupNum}
                          onChange={(v) => setCase(c.key, { groupNum: v })}
                        />
                      ),
                    },
                  ]
                : []),
              {
                title: t('Option'),
                render: (_, c) => (
                  <Button size="small" onClick={() => set({ cases: form.cases.filter((_, k) => k !== c.key) })}>
                    {t('Remove')}
                  </Button>
                ),
              },
            ]}
          />
        )}
      </Panel>
      <Button type="primary" size="large" loading={saving} onClick={() => void save()}>
        {t('Save')}
      </Button>
    </Space>
  );
};

export default AdminProblemEditPage;
