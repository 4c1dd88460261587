import { describe, expect, it } from 'vitest';
import { SNIFF_BYTES, sniffAttachment } from './markdown-file.service.js';

/** The first bytes of a file as readHead gives them: at most SNIFF_BYTES. */
const head = (file: Buffer) => file.subarray(0, SNIFF_BYTES);

describe('sniffAttachment', () => {
  it('takes a Chinese UTF-8 text file whose read head ends inside a character', () => {
    // '题' and '目' are three bytes each in UTF-8, so the 4096th byte (4095 = 3 × 1365) is a character's first.
    const file = Buffer.from('题目'.repeat(2000), 'utf8');
    expect(file[SNIFF_BYTES - 1]).toBeGreaterThanOrEqual(0xe0); // a lead byte: the character is cut
    expect(sniffAttachment(head(file))).toEqual({ ext: 'txt' });
    // Two ASCII bytes first: cut after two of its three bytes.
    const shifted = Buffer.concat([Buffer.from('ab'), file]);
    expect(shifted[SNIFF_BYTES - 2]).toBeGreaterThanOrEqual(0xe0);
    expect(sniffAttachment(head(shifted))).toEqual({ ext: 'txt' });
  });

  it('refuses invalid UTF-8 inside the head, and a whole file that ends inside a character', () => {
    const bad = Buffer.concat([Buffer.from('题目', 'utf8'), Buffer.from([0xff]), Buffer.from('text')]);
    expect(sniffAttachment(head(bad))).toBeNull();
    expect(sniffAttachment(Buffer.from('题目', 'utf8').subarray(0, 5))).toBeNull();
    expect(sniffAttachment(Buffer.from('题目 and 1 2 3\n', 'utf8'))).toEqual({ ext: 'txt' });
  });

  it('refuses NUL bytes and markup a browser could run', () => {
    expect(sniffAttachment(Buffer.from('a\0b'))).toBeNull();
    expect(sniffAttachment(Buffer.from('<!doctype html><p>题</p>'))).toBeNull();
    expect(sniffAttachment(Buffer.from('%PDF-1.4\n'))).toEqual({ ext: 'pdf' });
  });
});
