import { i18next } from '../../../lib/i18n';

/** Texts of the scroll-board config tab and of the /scrollBoard ceremony page (spec 2 §2, §4, §9), both languages
 * side by side; they travel with those chunks only (DESIGN §5 budget). Keys start with SB_ so that no other
 * bundle's key is shadowed. */
export const SCROLL_BOARD_TEXTS = {
  SB_Title: ['滚榜', 'Scroll board'],
  SB_Config_Intro: [
    '设置奖牌数量后开始滚榜：榜单从封榜时刻开始，按从下到上的顺序逐个揭晓封榜后的提交。',
    'Set the medal counts and start: the board starts at the seal and reveals the sealed tries one by one, from the bottom up.',
  ],
  SB_Ranked_Count: ['参与排名人数：{{count}}', 'Ranked participants: {{count}}'],
  SB_Gold: ['金牌', 'Gold'],
  SB_Silver: ['银牌', 'Silver'],
  SB_Bronze: ['铜牌', 'Bronze'],
  SB_Remove_Star: ['移除打星用户', 'Remove star users'],
  SB_Start: ['开始滚榜', 'Start'],
  SB_Not_Ended_Title: ['比赛尚未结束', 'The contest has not ended'],
  SB_Not_Ended_Content: [
    '比赛还没有结束，现在滚榜只会揭晓已有的提交。确定要开始吗？',
    'The contest is still running; the roll only shows the submissions made so far. Start anyway?',
  ],
  SB_Confirm: ['开始', 'Start'],
  SB_Cancel: ['取消', 'Cancel'],
  SB_No_Seal: [
    '本场比赛没有封榜，滚榜将直接显示最终排名。',
    'This contest is not sealed: the board shows the final standing at once.',
  ],
  SB_Popup_Blocked: [
    '浏览器阻止了新窗口，请允许弹出窗口后重试',
    'The browser blocked the new window; allow pop-ups and retry',
  ],
  // The ceremony page
  SB_Board: ['滚榜榜单', 'Scroll board'],
  SB_Bad_Link: ['滚榜链接不完整：缺少比赛 ID', 'The scroll board link is incomplete: the contest id is missing'],
  SB_Load_Failed: ['滚榜数据加载失败', 'The scroll board failed to load'],
  SB_Rank: ['排名', 'Rank'],
  SB_Name: ['名称', 'Name'],
  SB_School: ['学校', 'School'],
  SB_Solved: ['通过', 'Solved'],
  SB_Penalty: ['罚时', 'Penalty'],
  SB_Next: ['下一步', 'Next'],
  SB_Auto: ['自动播放', 'Auto play'],
  SB_Keys: ['Enter / 空格 / ↓ / N：下一步　A：自动播放', 'Enter / Space / ↓ / N: next step   A: auto play'],
  SB_Finished: ['滚榜结束', 'Finished'],
  SB_Progress: ['已揭晓 {{done}} / {{total}}', 'Revealed {{done}} / {{total}}'],
  SB_Medal_gold: ['金牌', 'Gold medal'],
  SB_Medal_silver: ['银牌', 'Silver medal'],
  SB_Medal_bronze: ['铜牌', 'Bronze medal'],
  SB_Star: ['打星', 'Star'],
  SB_Cell_None: ['{{id}}：未提交', '{{id}}: no try'],
  SB_Cell_AC: [
    '{{id}}：通过，第 {{minute}} 分钟，{{count}} 次提交',
    '{{id}}: accepted at minute {{minute}}, {{count}} tries',
  ],
  SB_Cell_First_AC: [
    '{{id}}：一血，第 {{minute}} 分钟，{{count}} 次提交',
    '{{id}}: first accepted at minute {{minute}}, {{count}} tries',
  ],
  SB_Cell_Wrong: ['{{id}}：未通过，{{count}} 次提交', '{{id}}: not accepted, {{count}} tries'],
  SB_Cell_Pending: ['{{id}}：待揭晓，{{count}} 次提交', '{{id}}: pending, {{count}} tries'],
} as const satisfies Record<string, readonly [string, string]>;

let registered = false;

/** Adds the texts to both languages once; the scroll-board screens call it when their chunk loads. */
export const registerScrollBoardTexts = () => {
  if (registered || !i18next.isInitialized) return;
  registered = true;
  const entries = Object.entries(SCROLL_BOARD_TEXTS);
  for (const [lang, i] of [
    ['zh-CN', 0],
    ['en-US', 1],
  ] as const) {
    i18next.addResourceBundle(lang, 'translation', Object.fromEntries(entries.map(([k, v]) => [k, v[i]])), true, false);
  }
};
