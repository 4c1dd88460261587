import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { createQueryClient } from '../../app/app';
import { renderElement, setupI18n, stubServer } from '../../test-utils';
import { JudgeStatusBanner, prefetchJudgeStatus } from './judge-status-banner';

const status = (data: object) => () =>
  new Response(JSON.stringify({ status: 200, msg: 'success', data }), {
    headers: { 'Content-Type': 'application/json' },
  });

describe('judging paused banner', () => {
  beforeAll(() => setupI18n('en-US'));

  it('says why judging is paused when no judge is online', async () => {
    stubServer({
      '/api/get-judge-status': status({
        available: false,
        reason: 'noJudge',
        languages: [],
        waiting: ['C++'],
        judges: 0,
        queued: 3,
      }),
    });
    renderElement(<JudgeStatusBanner />);
    expect(await screen.findByText(/no judge is online/)).toBeTruthy();
  });

  it('is there in the first render when the entry asked for the status before the app rendered', async () => {
    stubServer({
      '/api/get-judge-status': status({
        available: false,
        reason: 'noJudge',
        languages: [],
        waiting: [],
        judges: 0,
        queued: 0,
      }),
    });
    const client = createQueryClient();
    await prefetchJudgeStatus(client);
    render(
      <QueryClientProvider client={client}>
        <JudgeStatusBanner />
      </QueryClientProvider>,
    );
    // Synchronously: the page below it never moves down when the status arrives.
    expect(screen.getByText(/no judge is online/)).toBeTruthy();
  });

  it('points to the doctor when the judge has no sandbox or compilers', async () => {
    stubServer({
      '/api/get-judge-status': status({
        available: false,
        reason: 'noLanguage',
        languages: [],
        waiting: [],
        judges: 1,
        queued: 0,
      }),
    });
    renderElement(<JudgeStatusBanner />);
    expect(await screen.findByText(/npm run judge -- doctor/)).toBeTruthy();
  });

  it('names the languages on offer that have no judge online: their submissions wait', async () => {
    stubServer({
      '/api/get-judge-status': status({
        available: true,
        reason: null,
        languages: ['C++'],
        waiting: ['Java', 'Python3'],
        judges: 1,
        queued: 2,
      }),
    });
    renderElement(<JudgeStatusBanner />);
    expect(
      await screen.findByText(
        'No judge for Java, Python3 is online right now: submissions in these languages wait in the queue for one.',
      ),
    ).toBeTruthy();
  });

  it('shows nothing while every language has a judge', async () => {
    const fetchMock = stubServer({
      '/api/get-judge-status': status({
        available: true,
        reason: null,
        languages: ['C++'],
        waiting: [],
        judges: 1,
        queued: 0,
      }),
    });
    renderElement(<JudgeStatusBanner />);
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
