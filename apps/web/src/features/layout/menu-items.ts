import type { WebsiteConfig } from '@oj/shared';
import type { AreaSwitch } from '../../app/route-table';
import type { TranslationKey } from '../../locales/zh-cn';

export interface MenuEntry {
  key: string;
  labelKey: TranslationKey;
  /** In-app path, or `external` for the preliminary-round link opened in a new window. */
  path?: string;
  external?: 'preliminary';
  /** Entries only signed-in users see (the visitor's menu is reduced). */
  signedInOnly?: boolean;
  area?: AreaSwitch;
  children?: MenuEntry[];
}

/** The top menu, declared once; visibility is derived, never hand-coded. */
export const TOP_MENU: MenuEntry[] = [
  { key: 'home', labelKey: 'Home', path: '/home' },
  { key: 'problem', labelKey: 'Problem', path: '/problem' },
  { key: 'training', labelKey: 'Training', path: '/training' },
  { key: 'contest', labelKey: 'Contest', path: '/contest' },
  { key: 'status', labelKey: 'Nav_Status', path: '/status' },
  {
    key: 'rank',
    labelKey: 'Rank',
    children: [
      { key: 'acm-rank', labelKey: 'ACM_Rank', path: '/acm-rank' },
      { key: 'oi-rank', labelKey: 'OI_Rank', path: '/oi-rank' },
      { key: 'rating-rank', labelKey: 'Rating_Rank', path: '/rating-rank' },
    ],
  },
  {
    key: 'discussion',
    labelKey: 'Discussion',
    path: '/discussion',
    signedInOnly: true,
    area: 'openPublicDiscussion',
  },
  { key: 'group', labelKey: 'Group', path: '/group', signedInOnly: true },
  { key: 'preliminary', labelKey: 'Preliminary', external: 'preliminary', signedInOnly: true },
  {
    key: 'about',
    labelKey: 'About',
    children: [
      { key: 'introduction', labelKey: 'Introduction', path: '/introduction' },
      { key: 'developer', labelKey: 'Developer', path: '/developer' },
    ],
  },
];

/** User dropdown entries. `admin` opens the admin area in a new window. */
export const USER_MENU: (MenuEntry & { adminOnly?: boolean; newWindow?: boolean })[] = [
  { key: 'user-home', labelKey: 'MyHome', path: '/user-home' },
  { key: 'setting', labelKey: 'Setting', path: '/setting' },
  { key: 'message', labelKey: 'Message_Menu', path: '/message/discuss' },
  { key: 'admin', labelKey: 'Management', path: '/admin', adminOnly: true, newWindow: true },
  { key: 'logout', labelKey: 'Logout', path: '/logout' },
];

export interface MenuContext {
  signedIn: boolean;
  isAdmin?: boolean;
  config: Pick<WebsiteConfig, AreaSwitch | 'preliminaryUrl'> | undefined;
}

const entryVisible = (e: MenuEntry & { adminOnly?: boolean }, ctx: MenuContext) => {
  if (e.signedInOnly && !ctx.signedIn) return false;
  if (e.adminOnly && !ctx.isAdmin) return false;
  if (e.area && !ctx.config?.[e.area]) return false;
  if (e.external === 'preliminary' && !ctx.config?.preliminaryUrl) return false;
  return true;
};

/** The entries to show; a submenu with no visible child is dropped. */
export const visibleMenu = <T extends MenuEntry>(entries: T[], ctx: MenuContext): T[] =>
  entries.flatMap((e) => {
    if (!entryVisible(e, ctx)) return [];
    if (!e.children) return [e];
    const children = visibleMenu(e.children, ctx);
    return children.length ? [{ ...e, children }] : [];
  });

/** The highlighted top entry for a path: detail pages highlight their list. */
export const selectedMenuKey = (pathname: string) => {
  const first = pathname.split('/').filter(Boolean)[0] ?? 'home';
  if (first === 'submission-detail') return 'status';
  if (first === 'discussion-detail') return 'discussion';
  return first;
};

/** Mode menus: inside a contest, a training or a group the menu changes. */
export type MenuMode =
  | { kind: 'contest'; contestID: string }
  | { kind: 'training'; trainingID: string; groupID?: string }
  | { kind: 'group'; groupID: string }
  | { kind: 'normal' };

export const menuModeOf = (pathname: string): MenuMode => {
  const seg = pathname.split('/').filter(Boolean);
  if (seg[0] === 'contest' && seg[1] && !['acm-scoreboard', 'oi-scoreboard'].includes(seg[1])) {
    return { kind: 'contest', contestID: seg[1] };
  }
  if (seg[0] === 'training' && seg[1]) {
    return { kind: 'training', trainingID: seg[1] };
  }
  if (seg[0] === 'group' && seg[1]) {
    // A group training's pages (not the group admins' create/edit pages, whose third segment is no training id).
    if (seg[2] === 'training' && seg[3] && /^\d+$/.test(seg[3])) {
      return { kind: 'training', trainingID: seg[3], groupID: seg[1] };
    }
    return { kind: 'group', groupID: seg[1] };
  }
  return { kind: 'normal' };
};

/** The menu while the user's exam runs (decision 0055): the exam's pages only, no way back to the rest of the site. */
export const examMenu = (cid: number): MenuEntry[] =>
  modeMenu({ kind: 'contest', contestID: String(cid) }).filter((e) => e.key !== 'home');

/** The highlighted entry of the exam's menu: the contest's tab the path is on. */
export const examMenuKey = (pathname: string, cid: number) => {
  const tab = pathname.split('/').filter(Boolean)[2];
  if (tab === 'problems' || tab === 'problem') return 'contest-problems';
  if (tab === 'submissions') return 'contest-submissions';
  if (tab === 'rank') return 'contest-rank';
  return pathname === `/contest/${cid}` ? 'contest-overview' : '';
};

/** The entries of a mode menu. */
export const modeMenu = (mode: MenuMode): MenuEntry[] => {
  switch (mode.kind) {
    case 'contest': {
      const base = `/contest/${mode.contestID}`;
      return [
        { key: 'home', labelKey: 'Back_To_Home', path: '/home' },
        { key: 'contest-overview', labelKey: 'Contest_Overview', path: base },
        { key: 'contest-problems', labelKey: 'Contest_Problems', path: `${base}/problems` },
        {
          key: 'contest-submissions',
          labelKey: 'Contest_Submissions',
          path: `${base}/submissions?onlyMine=true`,
        },
        { key: 'contest-rank', labelKey: 'Contest_Rank', path: `${base}/rank` },
      ];
    }
    case 'training': {
      const base = mode.groupID ? `/group/${mode.groupID}/training/${mode.trainingID}` : `/training/${mode.trainingID}`;
      return [
        { key: 'home', labelKey: 'Home', path: '/home' },
        ...(mode.groupID
          ? [
              {
                key: 'group-home',
                labelKey: 'Group_Home' as const,
                path: `/group/${mode.groupID}`,
              },
            ]
          : []),
        { key: 'training-home', labelKey: 'Training_Home', path: base },
        { key: 'training-problems', labelKey: 'Training_Problems', path: `${base}/problems` },
      ];
    }
    case 'group':
      return [
        { key: 'home', labelKey: 'Home', path: '/home' },
        { key: 'group-home', labelKey: 'Group_Home', path: `/group/${mode.groupID}` },
        {
          key: 'group-problems',
          labelKey: 'Group_Problems',
          path: `/group/${mode.groupID}/problem`,
        },
      ];
    default:
      return TOP_MENU;
  }
};
