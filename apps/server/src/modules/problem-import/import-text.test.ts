import { describe, expect, it } from 'vitest';
import { htmlToMarkdown, htmlToText, richText } from './import-text.js';

describe('htmlToMarkdown (FPS and QDUOJ statements)', () => {
  it('keeps superscripts and subscripts as math instead of running the digits together', () => {
    expect(htmlToMarkdown('<p>1 &le; n &le; 10<sup>5</sup>, a<sub>i</sub> &lt; 2<sup>31</sup></p>')).toBe(
      '1 ≤ n ≤ 10$^{5}$, a$_{i}$ < 2$^{31}$',
    );
  });

  it('keeps a table as a GFM table (the first row as its header when it has none)', () => {
    const md = htmlToMarkdown('<table><tr><td>n</td><td>score</td></tr><tr><td>10</td><td>30</td></tr></table>');
    expect(md.split('\n')).toEqual(['| n   | score |', '| --- | --- |', '| 10  | 30  |']);
  });

  it('keeps paragraphs, bold and italic, code blocks, images as written, and the TeX verbatim', () => {
    const md = htmlToMarkdown(
      '<p>Add <b>two</b> numbers &amp; print $a_i + b_i$.</p><pre>1 2\n3</pre><img src="/api/public/img/x.png" alt="fig">',
    );
    expect(md).toBe('Add **two** numbers & print $a_i + b_i$.\n\n```\n1 2\n3\n```\n\n![fig](/api/public/img/x.png)');
  });

  it('drops scripts and styles with their content', () => {
    expect(htmlToMarkdown('<p>a</p><script>alert(1)</script><style>p{}</style><p>b</p>')).toBe('a\n\nb');
  });
});

describe('import text helpers', () => {
  it('reads a QDUOJ field by its format, and a source line as text', () => {
    expect(richText({ format: 'html', value: '<p>Sum of <i>n</i> numbers</p>' })).toBe('Sum of *n* numbers');
    expect(richText({ format: 'markdown', value: 'a_b *c*' })).toBe('a_b *c*');
    expect(htmlToText('<a href="x">HDU_2020</a> &amp; more ')).toBe('HDU_2020 & more');
  });
});
