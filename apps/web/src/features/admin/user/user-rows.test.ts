import { describe, expect, it } from 'vitest';
import { parseUserRows } from './user-rows';

describe('parseUserRows', () => {
  it('reads pasted lines and CSV with a header, quotes, tabs and blank lines', () => {
    const text = '\uFEFFusername,password,email\r\nann,secret1,a@x.test\n\n"bob, jr",pw"x,\nc\tsecret3\n';
    expect(parseUserRows(text)).toEqual([
      ['ann', 'secret1', 'a@x.test'],
      ['bob, jr', 'pw"x', ''],
      ['c', 'secret3'],
    ]);
  });
  it('keeps a first row that is not a header', () => {
    expect(parseUserRows('username1,password1')).toEqual([['username1', 'password1']]);
  });
});
