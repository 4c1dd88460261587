import type remoteJudgeTexts from '../remote-judge/texts/zh-CN';

/** The reason the server stores (in English, as its other reasons) when no judge for a task's language came within
 * the wait (decision 0036; NO_JUDGE_REASON in apps/server/src/modules/judge/judge-queue.service.ts). */
const NO_JUDGE = /^No judge for (?<language>.+) was available within (?<minutes>\d+) minutes?$/;

/** The reasons the server stores for a remote run it could not judge (Submitted Failed or System Error), kept in
 * English on the wire for HOJ clients; shown translated. Any other message, such as a site's compile error, is shown
 * as it is. */
const REMOTE_REASONS: [RegExp, keyof typeof remoteJudgeTexts][] = [
  [/^System does not have \[(?<oj>[A-Za-z]+)\] account configured$/, 'Remote_Reason_No_Account'],
  [/^Waiting for account scheduling timeout$/, 'Remote_Reason_Account_Wait'],
  [/^Waiting for remote judge result exceeds the maximum number of times$/, 'Remote_Reason_Poll_Limit'],
];

const remoteReasonText = (message: string, t: (key: string, values?: Record<string, string>) => string) => {
  for (const [pattern, key] of REMOTE_REASONS) {
    const match = pattern.exec(message.trim());
    if (match) return t(key, { ...match.groups });
  }
  return message;
};

/** A stored error text as the reader's language says it: the no-judge reason and the remote judges' reasons
 * translated, anything else (a compiler's message) as it is. The caller's t names the `submission` and `remote-judge`
 * namespaces. */
export const judgeReasonText = (message: string, t: (key: string, values?: Record<string, string>) => string) => {
  const noJudge = NO_JUDGE.exec(message.trim());
  if (noJudge?.groups) return t('No_Judge_Reason', { ...noJudge.groups });
  return remoteReasonText(message, t);
};
