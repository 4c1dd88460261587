/** Feature keys (DESIGN §7 "Routes and menus"): a route or menu entry appears only when its feature exists. */
export const FEATURE_KEYS = [
  'home',
  'auth',
  'register',
  'reset-password',
  'problem',
  'training',
  'contest',
  'status',
  'rank',
  'user-home',
  'setting',
  'discussion',
  'group',
  // Groups part 2 (problems, submissions) and part 3 (trainings, contests, discussions): their group tabs and routes.
  'group-problem',
  'group-content',
  'about',
  'message',
  'admin',
  'admin-user',
  'admin-auth',
  'admin-announcement',
  'admin-notice',
  'admin-config',
  'admin-problem',
  'admin-tag',
  'admin-group-problem',
  'admin-problem-batch',
  'admin-training',
  'admin-contest',
  'admin-discussion',
  'admin-audit',
] as const;

export type FeatureKey = (typeof FEATURE_KEYS)[number];

/** The features that exist today. Adding a feature = implementing its screens + adding its key here. */
export const IMPLEMENTED_FEATURES: readonly FeatureKey[] = [
  'home',
  'auth',
  'admin',
  'problem',
  'status',
  'rank',
  'user-home',
  'setting',
  'reset-password',
  'admin-problem',
  'admin-problem-batch',
  'admin-user',
  'admin-announcement',
  'admin-notice',
  'admin-config',
  'admin-tag',
  'admin-audit',
  'contest',
  'admin-contest',
  'training',
  'admin-training',
  'discussion',
  'message',
  'admin-discussion',
  'group',
];

export const hasFeature = (key: FeatureKey, implemented: readonly FeatureKey[] = IMPLEMENTED_FEATURES) =>
  implemented.includes(key);
