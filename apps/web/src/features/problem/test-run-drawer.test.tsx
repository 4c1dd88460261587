import { JUDGE_STATUS, type UserInfo } from '@oj/shared';
import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { session } from '../../lib/auth-store';
import { problemDetailFixture } from '../../test-fixtures';
import { bodyOf, callsTo, json, renderWithProviders, setupI18n, spyOnToasts, stubServer } from '../../test-utils';
import ProblemDetailPage from './problem-detail-page';

const USER = { uid: 'u-alice', username: 'alice', roleList: ['user'] } as unknown as UserInfo;
// "Coins" with one sample: 1 2 gives 3.
const DETAIL = problemDetailFixture({ examples: '<input>1 2\n</input><output>3\n</output>' });
// What the judge answers a run that printed 7 and was compared with nothing.
const RAN = {
  status: JUDGE_STATUS.ACCEPTED,
  time: 3,
  memory: 1024,
  userInput: '3 4\n',
  userOutput: '7\n',
  expectedOutput: null,
  stderr: '',
  problemJudgeMode: 'default',
};

/** The problem page with its test-run drawer open; the server answers the run with `RAN`. */
const openTestRun = async () => {
  const server = stubServer({
    '/api/get-problem-detail': json(DETAIL),
    '/api/get-user-problem-status': json({}),
    '/api/submit-problem-test-judge': json('run-key'),
    '/api/get-test-judge-result': json(RAN),
  });
  renderWithProviders([{ path: '/problem/:problemID', element: <ProblemDetailPage /> }], '/problem/P1000');
  expect(await screen.findByText('Count the coins.')).toBeTruthy();
  fireEvent.click(await screen.findByRole('button', { name: /Test run/i }));
  const drawer = await screen.findByRole('dialog');
  return {
    server,
    input: within(drawer).getByRole('textbox', { name: 'Custom input' }) as HTMLTextAreaElement,
    expected: within(drawer).getByRole('textbox', { name: 'Expected output' }) as HTMLTextAreaElement,
    run: async () => {
      fireEvent.click(within(drawer).getByRole('button', { name: /Run test/ }));
      expect(await within(drawer).findByText('Accepted')).toBeTruthy();
      const sent = callsTo(server, '/api/submit-problem-test-judge');
      return bodyOf(sent[sent.length - 1]);
    },
  };
};

describe("the problem page's test run", () => {
  spyOnToasts();
  beforeAll(() => setupI18n('en-US'));
  beforeEach(() => {
    localStorage.clear();
    session.signIn('token', USER);
  });
  afterEach(() => session.clear());

  it("clears the sample's expected output once the input is changed, so the run is not compared with it", async () => {
    const drawer = await openTestRun();
    // The sample as given.
    expect(drawer.input.value).toBe('1 2\n');
    expect(drawer.expected.value).toBe('3\n');

    fireEvent.change(drawer.input, { target: { value: '3 4\n' } });
    expect(drawer.input.value).toBe('3 4\n');
    expect(drawer.expected.value).toBe('');
    expect(await drawer.run()).toMatchObject({ userInput: '3 4\n', expectedOutput: null });
  });

  it('keeps an expected output the student typed when the input changes afterwards', async () => {
    const drawer = await openTestRun();
    fireEvent.change(drawer.expected, { target: { value: '7\n' } });
    fireEvent.change(drawer.input, { target: { value: '3 4\n' } });
    fireEvent.change(drawer.input, { target: { value: '3 4 \n' } });
    expect(drawer.expected.value).toBe('7\n');
    expect(await drawer.run()).toMatchObject({ userInput: '3 4 \n', expectedOutput: '7\n' });
  });
});
