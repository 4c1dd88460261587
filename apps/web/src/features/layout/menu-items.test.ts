import { describe, expect, it } from 'vitest';
import { menuModeOf, modeMenu, selectedMenuKey, TOP_MENU, USER_MENU, visibleMenu } from './menu-items';

const config = {
  openPublicDiscussion: true,
  openGroupDiscussion: true,
  openContestComment: true,
  preliminaryUrl: 'https://example.org/chusai',
};
const keys = (entries: { key: string }[]) => entries.map((e) => e.key);

describe('menus', () => {
  it('shows every top entry to a signed-in user', () => {
    expect(keys(visibleMenu(TOP_MENU, { signedIn: true, config }))).toEqual([
      'home',
      'problem',
      'training',
      'contest',
      'status',
      'rank',
      'discussion',
      'group',
      'preliminary',
      'about',
    ]);
    const about = visibleMenu(TOP_MENU, { signedIn: false, config }).find((e) => e.key === 'about');
    expect(about?.children?.map((e) => e.path)).toEqual(['/introduction', '/developer']);
  });

  it('gives visitors a reduced menu and drops empty submenus', () => {
    const visitor = visibleMenu(TOP_MENU, { signedIn: false, config });
    expect(keys(visitor)).toEqual(['home', 'problem', 'training', 'contest', 'status', 'rank', 'about']);
    const signedIn = visibleMenu(TOP_MENU, { signedIn: true, config });
    expect(keys(signedIn)).toEqual([
      'home',
      'problem',
      'training',
      'contest',
      'status',
      'rank',
      'discussion',
      'group',
      'preliminary',
      'about',
    ]);
    expect(keys(signedIn.find((e) => e.key === 'rank')?.children ?? [])).toEqual([
      'acm-rank',
      'oi-rank',
      'rating-rank',
    ]);
  });

  it('hides discussion when the public discussion area is off and the preliminary link when it has no URL', () => {
    const off = { ...config, openPublicDiscussion: false, preliminaryUrl: '' };
    const entries = keys(visibleMenu(TOP_MENU, { signedIn: true, config: off }));
    expect(entries).not.toContain('discussion');
    expect(entries).not.toContain('preliminary');
  });

  it('shows the admin entry of the user dropdown to admin roles only', () => {
    expect(keys(visibleMenu(USER_MENU, { signedIn: true, isAdmin: true, config }))).toEqual([
      'user-home',
      'setting',
      'message',
      'admin',
      'logout',
    ]);
    expect(keys(visibleMenu(USER_MENU, { signedIn: true, isAdmin: false, config }))).toEqual([
      'user-home',
      'setting',
      'message',
      'logout',
    ]);
  });

  it('highlights the list entry on detail pages', () => {
    expect(selectedMenuKey('/submission-detail/12')).toBe('status');
    expect(selectedMenuKey('/discussion-detail/3')).toBe('discussion');
    expect(selectedMenuKey('/')).toBe('home');
  });

  it('switches to contest, training and group menus inside a contest, a training or a group', () => {
    expect(menuModeOf('/contest/5/problems')).toEqual({ kind: 'contest', contestID: '5' });
    expect(menuModeOf('/contest/acm-scoreboard/5')).toEqual({ kind: 'normal' });
    expect(menuModeOf('/training/9/problems')).toEqual({ kind: 'training', trainingID: '9' });
    expect(menuModeOf('/training/9/problem/A/full-screen')).toEqual({ kind: 'training', trainingID: '9' });
    expect(menuModeOf('/training')).toEqual({ kind: 'normal' });
    expect(menuModeOf('/group/2/problem')).toEqual({ kind: 'group', groupID: '2' });
    expect(menuModeOf('/group/2/training/9/problems')).toEqual({
      kind: 'training',
      trainingID: '9',
      groupID: '2',
    });
    const contest = modeMenu({ kind: 'contest', contestID: '5' });
    expect(contest.map((e) => e.path)).toEqual([
      '/home',
      '/contest/5',
      '/contest/5/problems',
      '/contest/5/submissions?onlyMine=true',
      '/contest/5/rank',
    ]);
    // The group mode menu: home, group home, group problems (the last once group problems exist).
    const groupMenu = modeMenu({ kind: 'group', groupID: '2' });
    expect(groupMenu.map((e) => e.path)).toEqual(['/home', '/group/2', '/group/2/problem']);
    expect(keys(visibleMenu(groupMenu, { signedIn: true, config }))).toEqual(['home', 'group-home', 'group-problems']);
    // The training mode menu: home, training home, training problem list.
    expect(modeMenu({ kind: 'training', trainingID: '9' }).map((e) => e.path)).toEqual([
      '/home',
      '/training/9',
      '/training/9/problems',
    ]);
  });
});
