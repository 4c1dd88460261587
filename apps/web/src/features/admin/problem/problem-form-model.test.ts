import { adminProblem } from '@oj/shared';
import { describe, expect, it } from 'vitest';
import { emptyProblemForm, formProblems, formToDto, problemToForm, spreadScores } from './problem-form-model';

const filled = () => ({
  ...emptyProblemForm(true, ['C++']),
  title: 'A+B',
  input: 'two numbers',
  output: 'the sum',
  cases: [
    { input: '1.in', output: '1.out', score: null, groupNum: null },
    { input: '2.in', output: '2.out', score: null, groupNum: null },
    { input: '3.in', output: '3.out', score: null, groupNum: null },
  ],
});

describe('problem form model', () => {
  it('starts from the shared defaults; teachers start private', () => {
    expect(emptyProblemForm(true, [])).toMatchObject({ timeLimit: 1000, memoryLimit: 256, stackLimit: 128, auth: 1 });
    expect(emptyProblemForm(false, []).auth).toBe(2);
  });

  it('spreads 100 points over the cases, the remainder on the last ones', () => {
    expect(spreadScores(filled().cases, 'default').map((c) => c.score)).toEqual([33, 33, 34]);
    const seven = Array.from({ length: 7 }, () => ({ input: 'a', output: 'b', score: 5, groupNum: 1 }));
    expect(spreadScores(seven, 'default').map((c) => c.score)).toEqual([14, 14, 14, 14, 14, 15, 15]);
    // In a subtask mode over the subtasks: one subtask of seven cases carries all 100 points on each case.
    expect(spreadScores(seven, 'subtask_lowest').map((c) => c.score)).toEqual([100, 100, 100, 100, 100, 100, 100]);
  });

  it('names what is missing before saving', () => {
    expect(formProblems(filled())).toEqual([]);
    expect(formProblems({ ...filled(), title: ' ', languages: [], cases: [] })).toEqual([
      'Problem_Title_Required',
      'Need_Language',
      'Need_Test_Data',
    ]);
    expect(formProblems({ ...filled(), judgeCaseMode: 'subtask_lowest' })).toEqual(['Need_Group_Num']);
    expect(formProblems({ ...filled(), judgeMode: 'spj' })).toEqual(['checkerRequired']);
  });

  it('sends ProblemDTO as HOJ does: examples and extra files encoded as strings, scores only for OI', () => {
    const f = {
      ...filled(),
      type: 1 as const,
      cases: spreadScores(filled().cases, 'default'),
      examples: [
        { input: '1 2', output: '3' },
        { input: '', output: '' },
      ],
      judgeExtraFiles: [{ name: 'testlib.h', content: '//' }],
      templates: [
        { language: 'C++', code: 'int main(){}', status: true },
        { language: 'Java', code: 'class Main{}', status: true },
      ],
    };
    const dto = formToDto(f);
    expect(dto.problem.examples).toBe('<input>1 2</input><output>3</output>');
    expect(dto.problem.judgeExtraFile).toBe('{"testlib.h":"//"}');
    expect(dto.samples?.map((s) => s.score)).toEqual([33, 33, 34]);
    // Templates of languages no longer allowed are dropped.
    expect(dto.codeTemplates?.map((t) => t.language)).toEqual(['C++']);
    expect(formToDto({ ...f, type: 0 }).samples?.map((s) => s.score)).toEqual([null, null, null]);
  });

  it('reads a stored problem back into the form unchanged', () => {
    const dto = formToDto({ ...filled(), examples: [{ input: 'x', output: 'y' }] });
    const stored = {
      id: 7,
      problemId: 'P7',
      author: 'root',
      ...dto.problem,
      judgeMode: 'default',
      judgeCaseMode: 'default',
      examples: dto.problem.examples,
      isUploadCase: true,
      userExtraFile: null,
      judgeExtraFile: null,
    } as unknown as Parameters<typeof problemToForm>[0];
    const form = problemToForm(stored, { languages: ['C++'], codeTemplates: [], tags: [{ name: 'math' }] }, [
      { input: '1.in', output: '1.out', score: 100, groupNum: 1 },
    ]);
    expect(form.examples).toEqual(adminProblem.decodeExamples('<input>x</input><output>y</output>'));
    expect(form.tags).toEqual(['math']);
    expect(form.cases).toEqual([{ input: '1.in', output: '1.out', score: 100, groupNum: 1 }]);
  });
});
