import { adminContest, adminProblem, file, groupContest, groupProblem, problem as problemContract } from '@oj/shared';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Space } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { PageLoading } from '../../../components/page-loading';
import { Panel } from '../../../components/panel';
import { api } from '../../../lib/api';
import { useSession } from '../../../lib/auth-store';
import { ApiError } from '../../../lib/http-client';
import { toast } from '../../../lib/notify';
import { queryKey } from '../../../lib/query-keys';
import { useApiMutation } from '../../../lib/use-api-mutation';
import { ProblemBasicsSection } from './problem-basics-section';
import { ProblemContestNamesSection } from './problem-contest-names-section';
import {
  defaultProblemLanguages,
  emptyProblemForm,
  formProblems,
  formToDto,
  type ProblemFormState,
  problemToForm,
  spreadScores,
} from './problem-form-model';
import { ProblemJudgeSection } from './problem-judge-section';
import { ProblemPackageCheckSection } from './problem-package-check-section';
import { ProblemStatementSection } from './problem-statement-section';
import { ProblemTestDataSection } from './problem-test-data-section';

/** An endpoint whose call carries extra query parameters (uploads read the group's id from the query string, before
 * the body). */
const withQuery = <E extends { path: string }>(endpoint: E, query: Record<string, string | number> | null): E =>
  query
    ? ({
        ...endpoint,
        path: `${endpoint.path}?${new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)]))}`,
      } as E)
    : endpoint;

/** A group's problem: the group's id and the short name its display ids start with. */
export interface ProblemFormGroup {
  gid: number;
  shortName: string;
  /** The display id a new problem starts with (the group's first free one); the short name without it. */
  problemId?: string;
}

/** /admin/problem/create and /admin/problem/edit/:problemId; with `group`, the group's problem form
 * (GroupCreateProblem, GroupEditProblem), saved through the group's calls. The page owns the form and its calls; each
 * section of the form is its own component in this folder. */
const AdminProblemEditPage = ({ group }: { group?: ProblemFormGroup }) => {
  const { t } = useTranslation(['admin', 'contest', 'submission', 'user']);
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
  // A problem written inside a contest gets its name in the contest at once.
  const [inContest, setInContest] = useState({ displayId: '', displayTitle: '' });

  const languages = useQuery({
    queryKey: queryKey(problemContract.languages, 'all'),
    queryFn: () => api.call(problemContract.languages, { all: true }),
  });
  // What the judges offer now (the problem pages offer the same); a new problem ticks only these.
  const offered = useQuery({
    queryKey: queryKey(problemContract.languages, 'offered'),
    enabled: pid === undefined,
    queryFn: () => api.call(problemContract.languages, {}),
  });
  const allTags = useQuery({
    queryKey:
      gid === undefined ? queryKey(problemContract.getAllProblemTags) : queryKey(groupProblem.getGroupProblemTags, gid),
    queryFn: () =>
      gid === undefined
        ? api.call(problemContract.getAllProblemTags, {})
        : api.call(groupProblem.getGroupProblemTags, { gid }),
  });
  const stored = useQuery({
    queryKey:
      gid === undefined ? queryKey(adminProblem.getProblem, pid) : queryKey(groupProblem.getGroupProblem, gid, pid),
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
              problemId: group.problemId ?? group.shortName,
            }
          : cid === undefined
            ? empty
            : { ...empty, auth: 3 },
      );
    }
  }, [pid, cid, group, stored.data, languages.data, offered.data, offered.isError, form, canPublish]);

  // A zip of test cases, read into the form as it was when the upload began; a failed upload only shows the server's
  // message (the HTTP client's).
  const upload = useApiMutation({
    mutationFn: ({ zip, base }: { zip: File; base: ProblemFormState }) => {
      const body = new FormData();
      body.append('mode', base.judgeCaseMode);
      body.append('file', zip, zip.name);
      return api.call(withQuery(file.uploadTestcaseZip, gid ? { gid } : null), body as never);
    },
    onSuccess: (got, { base }) => {
      const cases = got.fileList.map((f) => ({
        input: f.input,
        output: f.output,
        score: null,
        groupNum: f.groupNum ?? 1,
      }));
      setForm({
        ...base,
        uploadTestcaseDir: got.fileListDir,
        cases: base.type === 1 ? spreadScores(cases, base.judgeCaseMode) : cases,
      });
      toast.success(t('Upload_Successfully'));
    },
  });

  if (!form) return <PageLoading />;
  const set = (patch: Partial<ProblemFormState>) => setForm({ ...form, ...patch });

  /** Compiles the form's checker on a judge: null when it compiled, else the error the checker field shows. */
  const compile = async (): Promise<string | null> => {
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
      return null;
    } catch (e) {
      return (e as Error).message;
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
    // A changed checker must compile before the problem is saved.
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
          // Written inside a group contest: a problem of the group, linked to the contest.
          await api.call(groupContest.createGroupContestProblem, { ...body, cid, ...contestNames });
          toast.success(t('Add_Successfully'));
          await queryClient.invalidateQueries({ queryKey: queryKey(groupContest.getGroupContestProblemList, cid) });
          navigate(`/group/${gid}/contest/${cid}/problems`);
          return;
        }
        await api.call(form.id ? groupProblem.updateGroupProblem : groupProblem.createGroupProblem, body);
        toast.success(t(form.id ? 'Update_Successfully' : 'Add_Successfully'));
        // The group's problem lists read it again when shown.
        await Promise.all(
          [groupProblem.getGroupAdminProblemList, groupProblem.getGroupProblemList].map((endpoint) =>
            queryClient.invalidateQueries({ queryKey: queryKey(endpoint, gid) }),
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
  const tagNames = [...new Set((allTags.data ?? []).map((x) => x.name))];

  return (
    <Space orientation="vertical" style={{ width: '100%' }} size="middle">
      <Panel title={t(form.id ? 'Edit_Problem' : 'Create_Problem')}>
        {cid !== undefined && !form.id && <ProblemContestNamesSection names={inContest} onChange={setInContest} />}
        <ProblemBasicsSection form={form} set={set} />
        <ProblemStatementSection form={form} set={set} gid={gid} />
      </Panel>

      <Panel title={t('Judge_Mode')}>
        <ProblemJudgeSection
          form={form}
          set={set}
          canPublish={canPublish}
          // A group's contest problems are made within its contests.
          contestAuthDisabled={gid !== undefined && cid === undefined}
          tagNames={tagNames}
          languageNames={languageNames}
          onCompile={compile}
        />
      </Panel>

      <Panel title={t('Test_Data')}>
        <ProblemTestDataSection form={form} set={set} onUploadZip={(zip) => upload.mutate({ zip, base: form })} />
      </Panel>
      <Button type="primary" size="large" loading={saving} onClick={() => void save()}>
        {t('Save')}
      </Button>
      {/* A saved problem only: the check runs what the server holds, and a new problem has no id yet. */}
      {form.id && (
        <Panel title={t('Package_Check_Title')}>
          <ProblemPackageCheckSection pid={form.id} />
        </Panel>
      )}
    </Space>
  );
};

export default AdminProblemEditPage;
