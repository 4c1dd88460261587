import fs from 'node:fs';
import path from 'node:path';
import { CLIENT_MESSAGES } from '@oj/shared';
import { describe, expect, it } from 'vitest';
import { ABOUT_TEXTS } from '../features/about/about-texts';
import { ADMIN_DISCUSSION_TEXTS } from '../features/admin/discussion/admin-discussion-texts';
import { ADMIN_GROUP_PROBLEM_TEXTS } from '../features/admin/group/admin-group-problem-texts';
import { ADMIN_REGISTRATION_TEXTS } from '../features/admin/user/admin-registration-texts';
import { ADMIN_SITE_TEXTS } from '../features/admin/site/admin-site-texts';
import { ADMIN_TEXTS } from '../features/admin/admin-texts';
import { ADMIN_TRAINING_TEXTS } from '../features/admin/training/admin-training-texts';
import { REGISTRATION_TEXTS } from '../features/auth/registration-texts';
import { COMMENT_TEXTS } from '../features/comment/comment-texts';
import { CONTEST_STAFF_TEXTS } from '../features/contest/contest-staff-texts';
import { CONTEST_TEXTS } from '../features/contest/contest-texts';
import { SCROLL_BOARD_TEXTS } from '../features/contest/scroll-board/scroll-board-texts';
import { DISCUSSION_TEXTS } from '../features/discussion/discussion-texts';
import { GROUP_CONTEST_TEXTS } from '../features/group/group-contest-texts';
import { GROUP_DISCUSSION_TEXTS } from '../features/group/group-discussion-texts';
import { GROUP_TEXTS } from '../features/group/group-texts';
import { GROUP_TRAINING_TEXTS } from '../features/group/group-training-texts';
import { MESSAGE_TEXTS } from '../features/message/message-texts';
import { REMOTE_JUDGE_TEXTS } from '../features/remote-judge/remote-judge-texts';
import { TRAINING_TEXTS } from '../features/training/training-texts';
import { CORE_PAGES_TEXTS } from './core-pages-texts';
import { enUS } from './en-us';
import { zhCN } from './zh-cn';

/** Every text catalogue of the web: the bundled core (zh-cn.ts with en-us.ts) and the feature catalogues that travel
 * with their pages' chunks. They share one i18next namespace, so a key must mean one text wherever it is defined. */
const core = Object.fromEntries(
  Object.entries(zhCN).map(([k, zh]) => [k, [zh, (enUS as Record<string, string>)[k] ?? '']]),
) as Record<string, readonly [string, string]>;
const CATALOGUES: Record<string, Record<string, readonly [string, string]>> = {
  core,
  core_pages_texts: CORE_PAGES_TEXTS,
  admin_discussion_texts: ADMIN_DISCUSSION_TEXTS,
  admin_group_problem_texts: ADMIN_GROUP_PROBLEM_TEXTS,
  admin_texts: ADMIN_TEXTS,
  admin_site_texts: ADMIN_SITE_TEXTS,
  admin_training_texts: ADMIN_TRAINING_TEXTS,
  admin_registration_texts: ADMIN_REGISTRATION_TEXTS,
  registration_texts: REGISTRATION_TEXTS,
  training_texts: TRAINING_TEXTS,
  contest_staff_texts: CONTEST_STAFF_TEXTS,
  contest_texts: CONTEST_TEXTS,
  scroll_board_texts: SCROLL_BOARD_TEXTS,
  group_training_texts: GROUP_TRAINING_TEXTS,
  group_discussion_texts: GROUP_DISCUSSION_TEXTS,
  group_contest_texts: GROUP_CONTEST_TEXTS,
  group_texts: GROUP_TEXTS,
  discussion_texts: DISCUSSION_TEXTS,
  message_texts: MESSAGE_TEXTS,
  about_texts: ABOUT_TEXTS,
  comment_texts: COMMENT_TEXTS,
  remote_judge_texts: REMOTE_JUDGE_TEXTS,
};

const SRC = path.resolve(__dirname, '..');
const sourceFiles = (dir: string): string[] =>
  fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) return sourceFiles(p);
    return /\.tsx?$/.test(e.name) && !/\.test\.tsx?$/.test(e.name) ? [p] : [];
  });

/** Keys written literally where a text is shown: t('Key'), t("Key", ...), labelKey: 'Key', titleKey: 'Key'. */
const KEY_USES = /(?:\bt\(|labelKey: |titleKey: )'([A-Za-z][A-Za-z0-9]*(?:_[A-Za-z0-9]+)+|[A-Z][A-Za-z0-9]*)'/g;

describe('the text catalogues (one namespace, both languages)', () => {
  it('never give one key two texts', () => {
    const first = new Map<string, { where: string; texts: readonly [string, string] }>();
    const clashes: string[] = [];
    for (const [where, catalogue] of Object.entries(CATALOGUES)) {
      for (const [key, texts] of Object.entries(catalogue)) {
        const seen = first.get(key);
        if (!seen) first.set(key, { where, texts });
        else if (seen.texts[0] !== texts[0] || seen.texts[1] !== texts[1])
          clashes.push(`${key}: ${seen.where} ${seen.texts.join(' / ')} <> ${where} ${texts.join(' / ')}`);
      }
    }
    expect(clashes).toEqual([]);
  });

  it('have both languages for every key', () => {
    const missing = Object.entries(CATALOGUES).flatMap(([where, catalogue]) =>
      Object.entries(catalogue)
        .filter(([, [zh, en]]) => !zh.trim() || !en.trim())
        .map(([key]) => `${where}: ${key}`),
    );
    expect(missing).toEqual([]);
    expect(Object.keys(enUS).sort()).toEqual(Object.keys(zhCN).sort());
  });

  it('define every key the pages show', () => {
    const known = new Set([
      ...Object.values(CATALOGUES).flatMap((c) => Object.keys(c)),
      ...Object.keys(CLIENT_MESSAGES),
    ]);
    const unknown: string[] = [];
    for (const file of sourceFiles(SRC)) {
      for (const m of fs.readFileSync(file, 'utf8').matchAll(KEY_USES)) {
        if (!known.has(m[1])) unknown.push(`${path.relative(SRC, file)}: ${m[1]}`);
      }
    }
    expect(unknown).toEqual([]);
  });
});
