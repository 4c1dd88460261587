import { fireEvent, screen } from '@testing-library/react';
import { useState } from 'react';
import { beforeAll, describe, expect, it } from 'vitest';
import { renderElement, setupI18n } from '../../../test-utils';
import { type CaseRow, emptyProblemForm, type ProblemFormState } from './problem-form-model';
import { ProblemTestDataSection } from './problem-test-data-section';

const cases = (groups: number[], score: number | null = null): CaseRow[] =>
  groups.map((groupNum, i) => ({ input: `${i + 1}.in`, output: `${i + 1}.out`, score, groupNum }));

/** The section under a form the test can read back. */
const Harness = ({ start, seen }: { start: ProblemFormState; seen: { form: ProblemFormState } }) => {
  const [form, setForm] = useState(start);
  seen.form = form;
  return (
    <ProblemTestDataSection
      form={form}
      set={(patch) => setForm((f) => ({ ...f, ...patch }))}
      onUploadZip={() => undefined}
    />
  );
};

const open = (patch: Partial<ProblemFormState>) => {
  const seen = { form: emptyProblemForm(true, ['C++']) };
  renderElement(<Harness start={{ ...seen.form, type: 1, isUploadTestCase: true, ...patch }} seen={seen} />);
  return seen;
};

const fullScore = () => screen.getByText('Full score:').querySelector('strong')?.textContent;

beforeAll(() => setupI18n('en-US'));

describe('the test data section scores as the judge does', () => {
  it('subtask, lowest: one score per subtask, applied to all its cases; the full score is their sum', async () => {
    // Group 1 at 10 and group 2 at 23 each, as a teacher types them per case: the judge gives 10 + 23.
    const seen = open({
      judgeCaseMode: 'subtask_lowest',
      cases: cases([1, 1, 1, 2, 2, 2]).map((c, i) => ({ ...c, score: i < 3 ? 10 : 23 })),
    });
    expect(fullScore()).toBe('33');
    // No per-case score field in a subtask mode; one per subtask.
    expect(screen.queryByLabelText('Score 1')).toBeNull();
    fireEvent.change(screen.getByLabelText('Subtask score 2'), { target: { value: '90' } });
    fireEvent.blur(screen.getByLabelText('Subtask score 2'));
    expect(seen.form.cases.map((c) => c.score)).toEqual([10, 10, 10, 90, 90, 90]);
    expect(fullScore()).toBe('100');
  });

  it('shows an imported subtask whose cases differ, and what the judge counts for it', async () => {
    open({
      judgeCaseMode: 'subtask_average',
      cases: cases([1, 1, 2]).map((c, i) => ({ ...c, score: [10, 21, 50][i] })),
    });
    // Average of 10 and 21 rounds to 16; the other subtask 50.
    expect(fullScore()).toBe('66');
    expect(screen.getByText(/different scores \(10, 21\): the judge counts 16/)).toBeTruthy();
  });

  it('spreads 100 points over the subtasks in a subtask mode, over the cases otherwise', async () => {
    const seen = open({ judgeCaseMode: 'subtask_lowest', cases: cases([1, 1, 2, 3, 3, 3], 5) });
    fireEvent.click(screen.getByRole('button', { name: 'Spread 100 points' }));
    // Three subtasks at 33, 33 and 34: every case carries its subtask's score.
    expect(seen.form.cases.map((c) => c.score)).toEqual([33, 33, 33, 34, 34, 34]);
    expect(fullScore()).toBe('100');
  });

  it('adds up the cases in the default mode, each with its own score field', async () => {
    const seen = open({ judgeCaseMode: 'default', cases: cases([1, 1, 1], 10) });
    expect(fullScore()).toBe('30');
    fireEvent.change(screen.getByLabelText('Score 2'), { target: { value: '40' } });
    fireEvent.blur(screen.getByLabelText('Score 2'));
    expect(seen.form.cases.map((c) => c.score)).toEqual([10, 40, 10]);
    expect(fullScore()).toBe('60');
  });
});
