import { LANGUAGE_NAMES } from '@oj/shared';
import { describe, expect, it } from 'vitest';
import { ACM_FILLS, acmCell, extensionOf, hms, OI_FILLS, oiCell, safeName } from './contest-file.service.js';

const info = (o: Partial<Parameters<typeof acmCell>[0] & object> = {}) => ({
  isAC: false,
  isFirstAC: false,
  ACTime: null,
  errorNum: 0,
  tryNum: 0,
  ...o,
});

describe('contest downloads: cell texts, names and extensions', () => {
  it('writes times as h:mm:ss, hours past a day included', () => {
    expect(hms(0)).toBe('0:00:00');
    expect(hms(59)).toBe('0:00:59');
    expect(hms(3661)).toBe('1:01:01');
    expect(hms(25 * 3600 + 5 * 60)).toBe('25:05:00');
  });

  it('ACM cells: accept time with rejected tries, first AC, pending and wrong tries, nothing', () => {
    expect(acmCell(info({ isAC: true, isFirstAC: true, ACTime: 600 }))).toEqual({
      value: '0:10:00',
      ...ACM_FILLS.firstAc,
    });
    expect(acmCell(info({ isAC: true, ACTime: 4000, errorNum: 2 }))).toEqual({
      value: '1:06:40 (-2)',
      ...ACM_FILLS.ac,
    });
    expect(acmCell(info({ errorNum: 3 }))).toEqual({ value: '(-3)', ...ACM_FILLS.wrong });
    expect(acmCell(info({ errorNum: 1, tryNum: 2 }))).toEqual({ value: '(-1) ?2', ...ACM_FILLS.pending });
    expect(acmCell(info({ tryNum: 1 }))).toEqual({ value: '?1', ...ACM_FILLS.pending });
    // A compile error alone costs nothing and shows nothing, as on the web board.
    expect(acmCell(info())).toBeNull();
    expect(acmCell(undefined)).toBeNull();
  });

  it('OI cells: the score as a number, coloured full / zero / partial against the problem score', () => {
    expect(oiCell(100, 100)).toEqual({ value: 100, ...OI_FILLS.full });
    expect(oiCell(0, 100)).toEqual({ value: 0, ...OI_FILLS.zero });
    expect(oiCell(40, 50)).toEqual({ value: 40, ...OI_FILLS.partial });
    expect(oiCell(50, 50)).toEqual({ value: 50, ...OI_FILLS.full });
    expect(oiCell(undefined, 100)).toBeNull();
  });

  it('file and folder names cannot escape or break the archive', () => {
    expect(safeName('alice')).toBe('alice');
    expect(safeName('../../etc/passwd')).toBe('____etc_passwd');
    expect(safeName('a\\b:c*d?e"f<g>h|i')).toBe('a_b_c_d_e_f_g_h_i');
    expect(safeName('tab\there\u0000nul\u007f')).toBe('tab_here_nul_');
    expect(safeName('..')).toBe('_');
    expect(safeName('.hidden')).toBe('hidden');
    expect(safeName('')).toBe('_');
    expect(safeName('张三')).toBe('张三');
    for (const s of ['../x', 'a/../b', '/abs', 'x\u0001y']) {
      const n = safeName(s);
      expect([...n].some((ch) => ch === '/' || ch === '\\' || ch.charCodeAt(0) < 32)).toBe(false);
      expect(n).not.toContain('..');
    }
  });

  it('every language of the table has its source extension', () => {
    const ext = Object.fromEntries(LANGUAGE_NAMES.map((l) => [l, extensionOf(l)]));
    expect(ext).toEqual({
      C: 'c',
      'C With O2': 'c',
      'C++': 'cpp',
      'C++ With O2': 'cpp',
      'C++ 17': 'cpp',
      'C++ 17 With O2': 'cpp',
      'C++ 20': 'cpp',
      'C++ 20 With O2': 'cpp',
      Java: 'java',
      Python3: 'py',
      Python2: 'py',
      PyPy3: 'py',
      Golang: 'go',
      'JavaScript Node': 'js',
      Rust: 'rs',
    });
    expect(extensionOf('Pascal')).toBe('txt');
  });
});
