import type { WebsiteConfig } from '@oj/shared';
import { type FeatureKey, hasFeature, IMPLEMENTED_FEATURES } from '../../app/features';
import type { AreaSwitch } from '../../app/route-table';
import type { TranslationKey } from '../../locales/zh-cn';

export interface MenuEntry {
  key: string;
  labelKey: TranslationKey;
  /** In-app path, or `external` for the preliminary-round link opened in a new window. */
  path?: string;
  external?: 'preliminary';
  feature: FeatureKey;
  /** Entries only signed-in users see (the visitor's menu is reduced, spec 1-core §2). */
  signedInOnly?: boolean;
  area?: AreaSwitch;
  children?: MenuEntry[];
}

/** The top menu (spec 1-core §2 "Site frame"), declared once; visibility is derived, never hand-coded. */
export const TOP_MENU: MenuEntry[] = [
  { key: 'home', labelKey: 'Home', path: '/home', feature: 'home' },
  { key: 'problem', labelKey: 'Problem', path: '/problem', feature: 'problem' },
  { key: 'training', labelKey: 'Training', path: '/training', feature: 'training' },
  { key: 'contest', labelKey: 'Contest', path: '/contest', feature: 'contest' },
  { key: 'status', labelKey: 'Nav_Status', path: '/status', feature: 'status' },
  {
    key: 'rank',
    labelKey: 'Rank',
    feature: 'rank',
    children: [
      { key: 'acm-rank', labelKey: 'ACM_Rank', path: '/acm-rank', feature: 'rank' },
      { key: 'oi-rank', labelKey: 'OI_Rank', path: '/oi-rank', feature: 'rank' },
    ],
  },
  {
    key: 'discussion',
    labelKey: 'Discussion',
    path: '/discussion',
    feature: 'discussion',
    signedInOnly: true,
    area: 'openPublicDiscussion',
  },
  { key: 'group', labelKey: 'Group', path: '/group', feature: 'group', signedInOnly: true },
  { key: 'preliminary', labelKey: 'Preliminary', external: 'preliminary', feature: 'home', signedInOnly: true },
  {
    key: 'about',
    labelKey: 'About',
    feature: 'about',
    children: [
      { key: 'introduction', labelKey: 'Introduction', path: '/introduction', feature: 'about' },
      { key: 'developer', labelKey: 'Developer', path: '/developer', feature: 'about' },
    ],
  },
];

/** User dropdown entries (spec 1-core §2). `admin` opens the admin area in a new window. */
export const USER_MENU: (MenuEntry & { adminOnly?: boolean; newWindow?: boolean })[] = [
  { key: 'user-home', labelKey: 'MyHome', path: '/user-home', feature: 'user-home' },
  { key: 'setting', labelKey: 'Setting', path: '/setting', feature: 'setting' },
  { key: 'message', labelKey: 'Message_Menu', path: '/message/discuss', feature: 'message' },
  { key: 'admin', labelKey: 'Management', path: '/admin', feature: 'admin', adminOnly: true, newWindow: true },
  { key: 'logout', labelKey: 'Logout', path: '/logout', feature: 'auth' },
];

export interface MenuContext {
  signedIn: boolean;
  isAdmin?: boolean;
  config: Pick<WebsiteConfig, AreaSwitch | 'preliminaryUrl'> | undefined;
  implemented?: readonly FeatureKey[];
}

const entryVisible = (e: MenuEntry & { adminOnly?: boolean }, ctx: MenuContext) => {
  if (!hasFeature(e.feature, ctx.implemented ?? IMPLEMENTED_FEATURES)) return false;
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

/** The highlighted top entry for a path: detail pages highlight their list (spec 1-core §2). */
export const selectedMenuKey = (pathname: string) => {
  const first = pathname.split('/').filter(Boolean)[0] ?? 'home';
  if (first === 'submission-detail') return 'status';
  if (first === 'discussion-detail') return 'discussion';
  return first;
};

/** Mode menus (spec 1-core §2): inside a contest, a training or a group the menu changes. */
export type MenuMode =
  | { kind: 'contest'; contestID: string }
  | { kind: 'training'; trainingID: string; groupID?: string }
  | { kind: 'group'; groupID: string }
  | { kind: 'normal' };

export const menuModeOf = (pathname: string, implemented: readonly FeatureKey[] = IMPLEMENTED_FEATURES): MenuMode => {
  const seg = pathname.split('/').filter(Boolean);
  if (seg[0] === 'contest' && seg[1] && !['acm-scoreboard', 'oi-scoreboard'].includes(seg[1])) {
    return hasFeature('contest', implemented) ? { kind: 'contest', contestID: seg[1] } : { kind: 'normal' };
  }
  if (seg[0] === 'training' && seg[1]) {
    return hasFeature('training', implemented) ? { kind: 'training', trainingID: seg[1] } : { kind: 'normal' };
  }
  if (seg[0] === 'group' && seg[1]) {
    if (!hasFeature('group', implemented)) return { kind: 'normal' };
    // A group training's pages (not the group admins' create/edit pages, whose third segment is no training id).
    if (seg[2] === 'training' && seg[3] && /^\d+$/.test(seg[3])) {
      return { kind: 'training', trainingID: seg[3], groupID: seg[1] };
    }
    return { kind: 'group', groupID: seg[1] };
  }
  return { kind: 'normal' };
};

/** The entries of a mode menu. */
export const modeMenu = (mode: MenuMode): MenuEntry[] => {
  switch (mode.kind) {
    case 'contest': {
      const base = `/contest/${mode.contestID}`;
      return [
        { key: 'home', labelKey: 'Back_To_Home', path: '/home', feature: 'home' },
        { key: 'contest-overview', labelKey: 'Contest_Overview', path: base, feature: 'contest' },
        { key: 'contest-problems', labelKey: 'Contest_Problems', path: `${base}/problems`, feature: 'contest' },
        {
          key: 'contest-submissions',
          labelKey: 'Contest_Submissions',
          path: `${base}/submissions?onlyMine=true`,
          feature: 'contest',
        },
        { key: 'contest-rank', labelKey: 'Contest_Rank', path: `${base}/rank`, feature: 'contest' },
      ];
    }
    case 'training': {
      const base = mode.groupID ? `/group/${mode.groupID}/training/${mode.trainingID}` : `/training/${mode.trainingID}`;
      return [
        { key: 'home', labelKey: 'Home', path: '/home', feature: 'home' },
        ...(mode.groupID
          ? [
              {
                key: 'group-home',
                labelKey: 'Group_Home' as const,
                path: `/group/${mode.groupID}`,
                feature: 'group' as const,
              },
            ]
          : []),
        { key: 'training-home', labelKey: 'Training_Home', path: base, feature: 'training' },
        { key: 'training-problems', labelKey: 'Training_Problems', path: `${base}/problems`, feature: 'training' },
      ];
    }
    case 'group':
      return [
        { key: 'home', labelKey: 'Home', path: '/home', feature: 'home' },
        { key: 'group-home', labelKey: 'Group_Home', path: `/group/${mode.groupID}`, feature: 'group' },
        {
          key: 'group-problems',
          labelKey: 'Group_Problems',
          path: `/group/${mode.groupID}/problem`,
          feature: 'group-problem',
        },
      ];
    default:
      return TOP_MENU;
  }
};
