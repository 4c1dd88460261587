import { describe, expect, it } from 'vitest';
import { readXlsx, valuesOf } from '../../test/xlsx-reader.js';
import { columnName, sheetName, writeXlsx, xmlText } from './xlsx.js';

describe('xlsx writer', () => {
  it('writes sheets that read back cell by cell: strings, numbers typed as numbers, blanks, escaping', async () => {
    const bytes = await writeXlsx([
      {
        name: 'contest_7_rank',
        header: true,
        widths: [6, 20, null, 12],
        rows: [
          ['Rank', 'Name', 'School', 'Score'],
          [1, '<b>Tom & "Jerry"</b>', "O'Neil's", 99.5],
          [2, '张三', null, 0],
          ['*', '  padded  ', '', -3],
          [3, 'bell\u0007 and nul\u0000 and ok\ttab\nline', 'x\uFFFEy', 1e21],
        ],
      },
      { name: 'second', rows: [['only', 42]] },
    ]);
    // A zip file.
    expect(bytes.subarray(0, 2).toString('latin1')).toBe('PK');
    const book = await readXlsx(bytes);
    expect(book.files).toEqual(
      expect.arrayContaining([
        '[Content_Types].xml',
        '_rels/.rels',
        'xl/workbook.xml',
        'xl/_rels/workbook.xml.rels',
        'xl/styles.xml',
        'xl/sharedStrings.xml',
        'xl/worksheets/sheet1.xml',
        'xl/worksheets/sheet2.xml',
      ]),
    );
    expect(book.sheets.map((s) => s.name)).toEqual(['contest_7_rank', 'second']);
    const [rank, second] = book.sheets;
    expect(valuesOf(rank)).toEqual([
      ['Rank', 'Name', 'School', 'Score'],
      [1, '<b>Tom & "Jerry"</b>', "O'Neil's", 99.5],
      [2, '张三', null, 0],
      ['*', '  padded  ', null, -3],
      // Characters XML forbids are dropped; tab and newline are kept.
      [3, 'bell and nul and ok\ttab\nline', 'xy', 1e21],
    ]);
    expect(typeof rank.rows[1][3].value).toBe('number');
    expect(typeof rank.rows[2][0].value).toBe('number');
    expect(valuesOf(second)).toEqual([['only', 42]]);
    // The header row is bold and frozen; the rest is not bold.
    expect(rank.rows[0].map((c) => c.bold)).toEqual([true, true, true, true]);
    expect(rank.rows[1].map((c) => c.bold)).toEqual([false, false, false, false]);
    expect(rank.frozenRows).toBe(1);
    expect(second.frozenRows).toBe(0);
    expect(second.rows[0][0].bold).toBe(false);
    expect(rank.widths).toEqual({ 1: 6, 2: 20, 4: 12 });
  });

  it('keeps per-cell fills, font colours and bold apart, and reuses styles', async () => {
    const bytes = await writeXlsx([
      {
        name: 'colours',
        header: true,
        rows: [
          ['A', { value: 'B', fill: '#ffe58f' }],
          [
            { value: '0:20:00', fill: '#1a8f3c', color: '#FFFFFF' },
            { value: '(-2)', fill: 'ffa39e' },
            { value: 100, fill: '#a9f5af' },
            { value: null, fill: '#ffa39e' },
            { value: 'plain bold', bold: true },
          ],
          [{ value: '1:00:00', fill: '#1a8f3c', color: '#ffffff' }, 'plain'],
        ],
      },
    ]);
    const [sheet] = (await readXlsx(bytes)).sheets;
    const look = sheet.rows.map((row) => row.map((c) => [c.value, c.fill, c.color, c.bold]));
    expect(look).toEqual([
      [
        ['A', null, null, true],
        ['B', 'FFE58F', null, true],
      ],
      [
        ['0:20:00', '1A8F3C', 'FFFFFF', false],
        ['(-2)', 'FFA39E', null, false],
        [100, 'A9F5AF', null, false],
        [null, 'FFA39E', null, false],
        ['plain bold', null, null, true],
      ],
      [
        ['1:00:00', '1A8F3C', 'FFFFFF', false],
        ['plain', null, null, false],
      ],
    ]);
  });

  it('refuses what would corrupt the file: no sheets, a colour that is not one', async () => {
    await expect(writeXlsx([])).rejects.toThrow(/needs a sheet/);
    await expect(writeXlsx([{ name: 'x', rows: [[{ value: 1, fill: 'red"/>' }]] }])).rejects.toThrow(/not a colour/);
  });

  it('names: escaping, Excel sheet-name rules, unique names, column letters', async () => {
    expect(xmlText(`a<b>&"c"'d'\u0001`)).toBe('a&lt;b&gt;&amp;&quot;c&quot;&apos;d&apos;');
    expect(xmlText('😀 ok')).toBe('😀 ok');
    expect(xmlText('lone \uD800 surrogate')).toBe('lone  surrogate');
    expect(sheetName('a/b:c[d]*?\\', 0)).toBe('a_b_c_d____');
    expect(sheetName("'quoted'", 0)).toBe('quoted');
    expect(sheetName('x'.repeat(40), 0)).toHaveLength(31);
    expect(sheetName('', 2)).toBe('Sheet3');
    expect([0, 25, 26, 27, 51, 52, 701, 702].map(columnName)).toEqual(['A', 'Z', 'AA', 'AB', 'AZ', 'BA', 'ZZ', 'AAA']);
    const book = await readXlsx(
      await writeXlsx([
        { name: 'Rank', rows: [] },
        { name: 'rank', rows: [[1]] },
      ]),
    );
    expect(book.sheets.map((s) => s.name)).toEqual(['Rank', 'rank_2']);
    expect(valuesOf(book.sheets[0])).toEqual([]);
  });
});
