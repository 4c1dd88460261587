import { describe, expect, it } from 'vitest';
import { S } from '../test/judge-fixtures.js';
import { classifyCheckerExit } from './checker-verdict.js';

describe('classifyCheckerExit', () => {
  it('reads testlib verbs consistent with their exit codes', () => {
    expect(classifyCheckerExit(0, 'ok 3 numbers\n', '').status).toBe(S.ACCEPTED);
    expect(classifyCheckerExit(1, 'wrong answer 2nd differs', '').status).toBe(S.WRONG_ANSWER);
    expect(classifyCheckerExit(2, 'wrong output format Unexpected end of file', '').status).toBe(S.PRESENTATION_ERROR);
    expect(classifyCheckerExit(7, 'points 60', '')).toMatchObject({ status: S.PARTIAL_ACCEPTED, percentage: 60 });
    expect(classifyCheckerExit(7, 'points 100', '').status).toBe(S.ACCEPTED);
    expect(classifyCheckerExit(66, 'partially correct (16) close', '')).toMatchObject({ percentage: 16 });
  });
  it('is System Error for FAIL, contradictions and silence', () => {
    expect(classifyCheckerExit(3, 'FAIL answer file broken', '').status).toBe(S.SYSTEM_ERROR);
    expect(classifyCheckerExit(1, 'ok all good', '').status).toBe(S.SYSTEM_ERROR);
    expect(classifyCheckerExit(0, '', '').status).toBe(S.SYSTEM_ERROR);
    expect(classifyCheckerExit(42, 'whatever', '').status).toBe(S.SYSTEM_ERROR);
  });
  it("accepts HOJ's exit codes", () => {
    expect(classifyCheckerExit(100, '', '').status).toBe(S.ACCEPTED);
    expect(classifyCheckerExit(101, '', '').status).toBe(S.PRESENTATION_ERROR);
    expect(classifyCheckerExit(102, '', '').status).toBe(S.WRONG_ANSWER);
    expect(classifyCheckerExit(103, '', '').status).toBe(S.SYSTEM_ERROR);
    expect(classifyCheckerExit(99, '', '45\n')).toMatchObject({ status: S.PARTIAL_ACCEPTED, percentage: 45 });
  });
  it('cuts long messages', () => {
    expect(classifyCheckerExit(1, `wrong answer ${'x'.repeat(5000)}`, '').message.length).toBe(1024);
  });
});
