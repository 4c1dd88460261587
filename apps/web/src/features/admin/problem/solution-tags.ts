import type { SolutionTag } from '@oj/shared';
import type adminTexts from '../texts/zh-CN';

/** Each reference solution's tag (packages/shared/src/contract/judge-protocol.ts SOLUTION_TAGS, Polygon's names) as
 * the text key of its label; the record type makes a new tag a compile error here until it has a label. */
export const SOLUTION_TAG_LABELS: Record<SolutionTag, keyof typeof adminTexts> = {
  main: 'Solution_Tag_Main',
  accepted: 'Solution_Tag_Accepted',
  rejected: 'Solution_Tag_Rejected',
  'wrong-answer': 'Solution_Tag_Wrong_Answer',
  'presentation-error': 'Solution_Tag_Presentation_Error',
  'time-limit-exceeded': 'Solution_Tag_Time_Limit',
  'time-limit-exceeded-or-accepted': 'Solution_Tag_Time_Limit_Or_Accepted',
  'time-limit-exceeded-or-memory-limit-exceeded': 'Solution_Tag_Time_Or_Memory_Limit',
  'memory-limit-exceeded': 'Solution_Tag_Memory_Limit',
  'runtime-error': 'Solution_Tag_Runtime_Error',
  failed: 'Solution_Tag_Failed',
};
