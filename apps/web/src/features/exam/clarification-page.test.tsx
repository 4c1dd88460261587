import type { Clarification, ContestProblem } from '@oj/shared';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { Outlet } from 'react-router';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { liveClient } from '../../lib/live-events';
import { contestFixture } from '../../test-fixtures';
import {
  bodyOf,
  callsTo,
  json,
  queryOf,
  renderElement,
  renderWithProviders,
  setupI18n,
  spyOnToasts,
  stubServer,
} from '../../test-utils';
import type { ContestContext } from '../contest/contest-detail-page';
import ClarificationPage from './clarification-page';
import { useClarificationAlerts } from './use-clarification-alerts';

const CONTEST = contestFixture({ id: 7, title: 'Final exam', examMode: true });
const PROBLEMS: ContestProblem[] = [
  { id: 1, displayId: 'A', cid: 7, pid: 101, displayTitle: 'A + B', color: null, ac: 0, total: 0, ioScore: 100 },
  { id: 2, displayId: 'B', cid: 7, pid: 102, displayTitle: 'Paths', color: null, ac: 0, total: 0, ioScore: 100 },
];
const LIST = '/api/contest/clarifications';
const ASK = '/api/contest/clarification';

const clar = (fields: Partial<Clarification> & Pick<Clarification, 'id' | 'content'>): Clarification => ({
  cid: 7,
  pid: null,
  displayId: null,
  problemTitle: null,
  username: null,
  broadcast: false,
  answer: null,
  toAll: false,
  gmtAnswered: null,
  gmtCreate: '2026-01-01T09:10:00.000Z',
  ...fields,
});
const pageOf = (records: Clarification[]) => json({ records, total: records.length, size: 20, current: 1 });

/** The contest shell's notice of a clarification, which reads the lists again (contest-detail-page.tsx). */
const Alerts = ({ children }: { children?: ReactNode }) => (
  <>
    {useClarificationAlerts(7, true)}
    {children}
  </>
);

/** The tab as the contest shell renders it: under /contest/:contestID with the shell's outlet context and notice. */
const renderTab = (admin: boolean) => {
  const ctx: ContestContext = { contest: CONTEST, status: 0, admin, problems: PROBLEMS };
  return renderWithProviders(
    [
      {
        path: '/contest/:contestID',
        element: (
          <Alerts>
            <Outlet context={ctx} />
          </Alerts>
        ),
        children: [{ path: 'clarification', element: <ClarificationPage /> }],
      },
    ],
    `/contest/${CONTEST.id}/clarification`,
  );
};

const chooseOption = async (label: string, title: string) => {
  fireEvent.mouseDown(screen.getByLabelText(label));
  const option = await waitFor(() => {
    const el = document.querySelector(`.ant-select-item-option[title="${title}"]`);
    if (!el) throw new Error(`no option ${title}`);
    return el as HTMLElement;
  });
  fireEvent.click(option);
};

describe('the clarification tab', { timeout: 30_000 }, () => {
  beforeAll(() => setupI18n('en-US'));
  const toasts = spyOnToasts();

  it('lets a participant ask about a problem, and lists his questions and the answers to everyone', async () => {
    const answered = clar({
      id: 3,
      pid: 101,
      displayId: 'A',
      problemTitle: 'A + B',
      content: 'Are the numbers negative?',
      answer: 'They may be.',
      toAll: true,
      gmtAnswered: '2026-01-01T09:20:00.000Z',
    });
    const fetchMock = stubServer({
      [LIST]: pageOf([answered]),
      [ASK]: json(clar({ id: 4, pid: 102, content: 'Is the graph connected?', username: 'bob' })),
    });
    renderTab(false);
    expect(await screen.findByText('Are the numbers negative?')).toBeTruthy();
    expect(screen.getByText('They may be.')).toBeTruthy();
    expect(screen.getByText('Answered to everyone')).toBeTruthy();
    expect(queryOf(callsTo(fetchMock, LIST)[0]).get('cid')).toBe('7');
    // No admin controls for a participant.
    expect(screen.queryByText('Export CSV')).toBeNull();
    expect(screen.queryByLabelText('The answer')).toBeNull();

    await chooseOption('About', 'B Paths');
    fireEvent.change(screen.getByLabelText('Question'), { target: { value: '  Is the graph connected?  ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send the question' }));
    await waitFor(() => expect(callsTo(fetchMock, ASK)).toHaveLength(1));
    expect(callsTo(fetchMock, ASK)[0]?.[1]?.method).toBe('POST');
    expect(bodyOf(callsTo(fetchMock, ASK)[0])).toEqual({ cid: 7, pid: 102, content: 'Is the graph connected?' });
    await waitFor(() => expect(toasts.success).toHaveBeenCalledWith('Question sent', expect.anything()));
    // The list is read again, and the text area emptied.
    await waitFor(() => expect(callsTo(fetchMock, LIST).length).toBeGreaterThan(1));
    await waitFor(() => expect((screen.getByLabelText('Question') as HTMLTextAreaElement).value).toBe(''));
  });

  it('asks about the whole contest by default, and sends nothing empty', async () => {
    const fetchMock = stubServer({ [LIST]: pageOf([]), [ASK]: json(clar({ id: 5, content: 'When does it end?' })) });
    renderTab(false);
    expect(await screen.findByText('No clarifications yet')).toBeTruthy();
    expect(screen.getByText(/At most 5 questions every 10 minutes/)).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Question'), { target: { value: '   ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send the question' }));
    expect(await screen.findByText('Required')).toBeTruthy();
    expect(callsTo(fetchMock, ASK)).toHaveLength(0);
    // The length limit of the contract is the text area's.
    expect((screen.getByLabelText('Question') as HTMLTextAreaElement).maxLength).toBe(2000);
    fireEvent.change(screen.getByLabelText('Question'), { target: { value: 'When does it end?' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send the question' }));
    await waitFor(() => expect(callsTo(fetchMock, ASK)).toHaveLength(1));
    expect(bodyOf(callsTo(fetchMock, ASK)[0])).toEqual({ cid: 7, pid: null, content: 'When does it end?' });
  });

  it("lets a contest admin answer a question to everyone, with the asker's name shown to him", async () => {
    const question = clar({
      id: 8,
      pid: 102,
      displayId: 'B',
      problemTitle: 'Paths',
      content: 'Self loops?',
      username: 'bob',
    });
    const fetchMock = stubServer({
      [LIST]: pageOf([question]),
      [ASK]: json({ ...question, answer: 'None.', toAll: true, gmtAnswered: '2026-01-01T09:30:00.000Z' }),
    });
    renderTab(true);
    const card = (await screen.findByText('Self loops?')).closest('[role="article"]') as HTMLElement;
    expect(within(card).getByText('Asked by bob')).toBeTruthy();
    expect(within(card).getByText('Unanswered')).toBeTruthy();
    expect(within(card).getByText('B Paths')).toBeTruthy();
    const answerToAll = within(card).getByRole('button', { name: 'Answer to everyone' }) as HTMLButtonElement;
    expect(answerToAll.disabled).toBe(true);
    fireEvent.change(within(card).getByLabelText('The answer'), { target: { value: 'None.' } });
    fireEvent.click(answerToAll);
    await waitFor(() => expect(callsTo(fetchMock, ASK)).toHaveLength(1));
    const [, init] = callsTo(fetchMock, ASK)[0] ?? [];
    expect(init?.method).toBe('PUT');
    expect(bodyOf(callsTo(fetchMock, ASK)[0])).toEqual({ id: 8, answer: 'None.', toAll: true });
    await waitFor(() => expect(toasts.success).toHaveBeenCalledWith('Answer sent', expect.anything()));
  });

  it('lets a contest admin answer privately, broadcast and export the clarifications as CSV', async () => {
    const question = clar({ id: 9, content: 'May I use a calculator?', username: 'carol' });
    const fetchMock = stubServer({
      [LIST]: pageOf([question]),
      [ASK]: json({ ...question, answer: 'No.', toAll: false }),
      '/api/contest/clarification-broadcast': json(
        clar({ id: 10, content: 'Problem B is fixed.', broadcast: true, toAll: true }),
      ),
      '/api/contest/export-clarifications': () =>
        new Response(new Blob(['id,content\n']), {
          headers: { 'Content-Type': 'text/csv', 'Content-Disposition': 'attachment; filename="clarifications.csv"' },
        }),
    });
    Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:x'), revokeObjectURL: vi.fn() });
    renderTab(true);
    const card = (await screen.findByText('May I use a calculator?')).closest('[role="article"]') as HTMLElement;
    fireEvent.change(within(card).getByLabelText('The answer'), { target: { value: 'No.' } });
    fireEvent.click(within(card).getByRole('button', { name: 'Answer privately' }));
    await waitFor(() => expect(callsTo(fetchMock, ASK)).toHaveLength(1));
    expect(bodyOf(callsTo(fetchMock, ASK)[0])).toEqual({ id: 9, answer: 'No.', toAll: false });

    // The admin's form is the broadcast (no question form, no limit).
    expect(screen.queryByLabelText('Question')).toBeNull();
    fireEvent.change(screen.getByLabelText('What to tell every participant'), {
      target: { value: 'Problem B is fixed.' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Broadcast' }));
    await waitFor(() => expect(callsTo(fetchMock, '/api/contest/clarification-broadcast')).toHaveLength(1));
    expect(bodyOf(callsTo(fetchMock, '/api/contest/clarification-broadcast')[0])).toEqual({
      cid: 7,
      pid: null,
      content: 'Problem B is fixed.',
    });

    fireEvent.click(screen.getByRole('button', { name: 'Export CSV' }));
    await waitFor(() => expect(URL.createObjectURL).toHaveBeenCalled());
    expect(queryOf(callsTo(fetchMock, '/api/contest/export-clarifications')[0]).get('cid')).toBe('7');
  });

  it("reads the list again when the stream tells of a clarification of this contest, not of another's", async () => {
    let records: Clarification[] = [];
    const fetchMock = stubServer({ [LIST]: () => pageOf(records)() });
    renderTab(false);
    expect(await screen.findByText('No clarifications yet')).toBeTruthy();
    const reads = callsTo(fetchMock, LIST).length;
    act(() => liveClient.deliver('clarification', { cid: 8, id: 1 }));
    records = [clar({ id: 11, content: 'Problem A: read the input to its end.', broadcast: true, toAll: true })];
    // Another contest's event changes nothing.
    expect(callsTo(fetchMock, LIST)).toHaveLength(reads);
    act(() => liveClient.deliver('clarification', { cid: 7, id: 11 }));
    // In the list: the shell's notice shows the text too, and its own read may answer before the list's.
    const list = screen.getByRole('region', { name: 'Clarifications' });
    const card = (await within(list).findByText('Problem A: read the input to its end.')).closest(
      '[role="article"]',
    ) as HTMLElement;
    expect(within(card).getByText('Broadcast')).toBeTruthy();
  });

  it('reads the list again when a clarification is told while its first read is still on its way', async () => {
    // The first read left before the question was asked; it answers after the stream told of the question.
    let answerFirst: (r: Response) => void = () => undefined;
    const first = new Promise<Response>((resolve) => {
      answerFirst = resolve;
    });
    const asked = [clar({ id: 13, content: 'Is the input one line?', username: 'amy' })];
    let reads = 0;
    stubServer({ [LIST]: () => (++reads === 1 ? first : pageOf(asked)()) });
    renderTab(true);
    await waitFor(() => expect(reads).toBe(1));
    act(() => liveClient.deliver('clarification', { cid: 7, id: 13 }));
    await act(async () => answerFirst(pageOf([])()));
    // In the list (the shell's notice shows the question too).
    const list = screen.getByRole('region', { name: 'Clarifications' });
    expect(await within(list).findByText('Is the input one line?')).toBeTruthy();
  });
});

describe("the contest pages' notice of a clarification", { timeout: 30_000 }, () => {
  beforeAll(() => setupI18n('en-US'));

  it('shows an answer that arrives for the viewer', async () => {
    stubServer({
      [LIST]: pageOf([
        clar({
          id: 12,
          content: 'Is n at most 10^5?',
          answer: 'Yes.',
          toAll: true,
          gmtAnswered: '2026-01-01T09:40:00Z',
        }),
      ]),
    });
    renderElement(<Alerts />);
    act(() => liveClient.deliver('clarification', { cid: 7, id: 12 }));
    expect(await screen.findByText('New clarification')).toBeTruthy();
    expect(screen.getByText(/Is n at most 10\^5\?/)).toBeTruthy();
    expect(screen.getByText(/Yes\./)).toBeTruthy();
  });
});
