import { screen } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { renderElement, setupI18n, stubServer } from '../../test-utils';
import SubmissionListPage from './submission-list-page';

const SUBMISSION = {
  submitId: 1,
  pid: 1000,
  displayPid: '1000',
  displayId: '1000',
  title: 'A+B Problem',
  uid: 'u1',
  username: 'root',
  realName: null,
  submitTime: '2026-11-25T04:28:47.367Z',
  status: 0,
  share: false,
  errorMessage: null,
  time: 3,
  memory: 756,
  score: null,
  oiRankScore: null,
  length: 75,
  code: null,
  language: 'C++',
  cid: 0,
  cpid: 0,
  gid: null,
  source: null,
  judger: 'vm-1',
  ip: '127.0.0.1',
  version: 0,
  isManual: false,
  vjudgeSubmitId: null,
  vjudgeUsername: null,
  vjudgePassword: null,
  gmtCreate: '2026-11-25T04:28:47.366Z',
  gmtModified: '2026-11-25T04:28:50.254Z',
};
const list = () =>
  new Response(
    JSON.stringify({ status: 200, msg: 'success', data: { records: [SUBMISSION], total: 1, size: 15, current: 1 } }),
    { headers: { 'Content-Type': 'application/json' } },
  );

beforeAll(() => setupI18n('en-US'));

describe('submission list (phone width)', () => {
  it('sizes the table to its content, scrolling inside the panel, and keeps the problem title whole', async () => {
    stubServer({ '/api/get-submission-list': list });
    const { container } = renderElement(<SubmissionListPage />);
    const link = await screen.findByRole('link', { name: '1000 A+B Problem' });
    // A fixed table width squeezed the problem column on a phone: "A+B Proble / m".
    expect(container.querySelector('table')?.style.width).toBe('max-content');
    expect((container.querySelector('.ant-table-content') as HTMLElement).style.overflowX).toBe('auto');
    expect(link.classList.contains('oj-table-title')).toBe(true);
  });
});
