import { screen, waitFor } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { renderElement, setupI18n, stubServer } from '../../test-utils';
import { JudgeStatusBanner } from './judge-status-banner';

const status = (data: object) => () =>
  new Response(JSON.stringify({ status: 200, msg: 'success', data }), {
    headers: { 'Content-Type': 'application/json' },
  });

describe('judging paused banner', () => {
  beforeAll(() => setupI18n('en-US'));

  it('says why judging is paused when no judge is online', async () => {
    stubServer({
      '/api/get-judge-status': status({ available: false, reason: 'noJudge', languages: [], judges: 0, queued: 3 }),
    });
    renderElement(<JudgeStatusBanner />);
    expect(await screen.findByText(/no judge is online/)).toBeTruthy();
  });

  it('points to the doctor when the judge has no sandbox or compilers', async () => {
    stubServer({
      '/api/get-judge-status': status({ available: false, reason: 'noLanguage', languages: [], judges: 1, queued: 0 }),
    });
    renderElement(<JudgeStatusBanner />);
    expect(await screen.findByText(/npm run judge -- doctor/)).toBeTruthy();
  });

  it('shows nothing while judging works', async () => {
    const fetchMock = stubServer({
      '/api/get-judge-status': status({ available: true, reason: null, languages: ['C++'], judges: 1, queued: 0 }),
    });
    renderElement(<JudgeStatusBanner />);
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
