import { remoteReasonText } from '../remote-judge/remote-judge-texts';

/** The reason the server stores (in English, as its other reasons) when no judge for a task's language came within
 * the wait (decision 0036; NO_JUDGE_REASON in apps/server/src/modules/judge/judge-queue.service.ts). */
const NO_JUDGE = /^No judge for (?<language>.+) was available within (?<minutes>\d+) minutes?$/;

/** A stored error text as the reader's language says it: the no-judge reason and the remote judges' reasons
 * translated, anything else (a compiler's message) as it is. The caller registers the core pages' texts and the remote
 * judges' texts. */
export const judgeReasonText = (message: string, t: (key: string, values?: Record<string, string>) => string) => {
  const noJudge = NO_JUDGE.exec(message.trim());
  if (noJudge?.groups) return t('No_Judge_Reason', { ...noJudge.groups });
  return remoteReasonText(message, t);
};
