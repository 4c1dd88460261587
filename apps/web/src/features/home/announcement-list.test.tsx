import { fireEvent, screen } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { json, renderElement, setupI18n, stubServer } from '../../test-utils';
import { AnnouncementList } from './announcement-list';

const ANNOUNCEMENT = {
  id: 7,
  title: '模拟赛通知',
  content: '周六举行 **班级模拟赛**，请查看 [规则](/contest/3)。\n\n- 带上学生证',
  uid: 'u-root',
  username: 'root',
  status: 0,
  gmtCreate: '2026-11-20T08:00:00.000Z',
  gmtModified: '2026-11-20T08:00:00.000Z',
};

describe('home announcements', () => {
  beforeAll(() => setupI18n('zh-CN'));

  it('shows a plain-text excerpt of the markdown, and the rendered announcement when its title is opened', async () => {
    stubServer({
      '/api/get-common-announcement': json({ records: [ANNOUNCEMENT], total: 1, size: 5, current: 1 }),
    });
    renderElement(<AnnouncementList />);
    const excerpt = await screen.findByText('周六举行 班级模拟赛，请查看 规则。 · 带上学生证');
    expect(excerpt.textContent).not.toContain('**');

    const title = screen.getByRole('button', { name: '模拟赛通知' });
    expect(title.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(title);
    expect(title.getAttribute('aria-expanded')).toBe('true');
    expect((await screen.findByText('班级模拟赛', { selector: 'strong' })).tagName).toBe('STRONG');
    expect(screen.getByRole('link', { name: '规则' }).getAttribute('href')).toBe('/contest/3');
    expect(screen.queryByText('周六举行 班级模拟赛，请查看 规则。 · 带上学生证')).toBeNull();

    fireEvent.click(title);
    expect(await screen.findByText('周六举行 班级模拟赛，请查看 规则。 · 带上学生证')).toBeTruthy();
  });
});
