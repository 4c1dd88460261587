import { JUDGE_STATUS } from '@oj/shared/judging';

/** CRLF becomes LF on both sides. latin1 keeps every byte as one character, so nothing is lost. */
const normalizeNewlines = (text: string) => text.replace(/\r\n/g, '\n');

/** Spaces and tabs at the end of each line, then blank lines at the end of the output, are dropped. */
const removeEndBlank = (text: string) => text.replace(/[ \t]+(?=\n|$)/g, '').replace(/\n+$/, '');

const removeAllWhitespace = (text: string) => text.replace(/\s+/g, '');

/**
 * Default comparison: with `isRemoveEndBlank` trailing blanks are ignored, otherwise the match is
 * exact; an output that only differs in whitespace is Presentation Error, anything else Wrong Answer.
 */
export const compareOutput = (
  userOutput: Buffer | string,
  expectedOutput: Buffer | string,
  isRemoveEndBlank: boolean,
): typeof JUDGE_STATUS.ACCEPTED | typeof JUDGE_STATUS.PRESENTATION_ERROR | typeof JUDGE_STATUS.WRONG_ANSWER => {
  const user = normalizeNewlines(typeof userOutput === 'string' ? userOutput : userOutput.toString('latin1'));
  const expected = normalizeNewlines(
    typeof expectedOutput === 'string' ? expectedOutput : expectedOutput.toString('latin1'),
  );
  const equal = isRemoveEndBlank ? removeEndBlank(user) === removeEndBlank(expected) : user === expected;
  if (equal) return JUDGE_STATUS.ACCEPTED;
  if (removeAllWhitespace(user) === removeAllWhitespace(expected)) return JUDGE_STATUS.PRESENTATION_ERROR;
  return JUDGE_STATUS.WRONG_ANSWER;
};

/** Test-run comparison: only AC or WA. */
export const compareTestRunOutput = (
  userOutput: string,
  expectedOutput: string,
  isRemoveEndBlank: boolean,
): boolean => {
  const user = normalizeNewlines(userOutput);
  const expected = normalizeNewlines(expectedOutput);
  return isRemoveEndBlank ? removeEndBlank(user) === removeEndBlank(expected) : user === expected;
};
