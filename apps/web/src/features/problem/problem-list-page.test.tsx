import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { renderElement, setupI18n, stubServer } from '../../test-utils';
import ProblemListPage, { BREAKDOWN_POPOVER } from './problem-list-page';

const PROBLEM = {
  pid: 1000,
  problemId: '1000',
  title: 'A+B Problem',
  difficulty: 0,
  type: 0,
  tags: [],
  total: 4,
  ac: 1,
  mle: 0,
  tle: 0,
  re: 0,
  pe: 0,
  ce: 0,
  wa: 3,
  se: 0,
  pa: 0,
  score: null,
};
const json = (data: unknown) =>
  new Response(JSON.stringify({ status: 200, msg: 'success', data }), {
    headers: { 'Content-Type': 'application/json' },
  });

beforeAll(() => setupI18n('en-US'));

describe('problem list hover breakdown', () => {
  it('opens above the row and may shift or flip to stay in the window', () => {
    // "right" of a row as wide as the page flipped to the left and was cut off at the window's left edge.
    expect(BREAKDOWN_POPOVER).toEqual({ placement: 'top', autoAdjustOverflow: true });
  });

  it('shows the per-verdict breakdown above the hovered row', async () => {
    stubServer({
      '/api/get-problem-list': () => json({ records: [PROBLEM], total: 1, size: 30, current: 1 }),
      '/api/get-problem-tags-and-classification': () => json([]),
    });
    renderElement(<ProblemListPage />);
    const link = await screen.findByRole('link', { name: 'A+B Problem' });
    expect(link.classList.contains('oj-table-title')).toBe(true);
    fireEvent.mouseEnter(link.closest('tr') as HTMLElement);
    await waitFor(() => expect(document.querySelector('.ant-popover')).toBeTruthy());
    const popover = document.querySelector('.ant-popover') as HTMLElement;
    expect(popover.textContent).toContain('1000 · Total 4');
    expect(popover.className).toMatch(/ant-popover-placement-(top|bottom)\b/);
  });
});
