import { describe, expect, it } from 'vitest';
import { type ImportNote, renderImportNote } from './polygon-package.js';
import {
  chooseStatementLanguage,
  readPolygonStatement,
  type StatementFiles,
  splitProblemTex,
  stripTexComments,
  texToMarkdown,
} from './polygon-statement.js';

const md = (tex: string) => texToMarkdown(tex).markdown;

describe('texToMarkdown: text', () => {
  it('keeps math as written, in every delimiter Polygon uses', () => {
    expect(md('Let $a_i \\le 10^9$ and $$$n$$$ be given.')).toBe('Let $a_i \\le 10^9$ and $n$ be given.');
    expect(md('Sum:\n$$\\sum_{i=1}^n a_i$$\nthen \\(x\\) and\n\\[y^2\\]')).toBe(
      'Sum:\n\n$$\n\\sum_{i=1}^n a_i\n$$\n\nthen $x$ and\n\n$$\ny^2\n$$',
    );
    expect(md('$$$$$$\\frac{a}{b}$$$$$$')).toBe('$$\n\\frac{a}{b}\n$$');
    expect(md('text $a *b* \\% c_1$ end')).toBe('text $a *b* \\% c_1$ end');
  });

  it('converts fonts', () => {
    expect(md('\\textbf{bold} \\textit{it} \\emph{em} \\texttt{a\\_b} \\t{code} \\underline{under}')).toBe(
      '**bold** *it* *em* `a_b` `code` under',
    );
    expect(md('{\\bf bold} and {\\it italic} and {\\tt mono}')).toBe('**bold** and *italic* and `mono`');
    expect(md('\\textbf{ spaced }x')).toBe(' **spaced** x'.trim());
  });

  it('converts dashes, quotes, ties, dots and escapes', () => {
    expect(md("a~--- b -- c <<d>> ``e'' 1\\,000")).toBe('a — b – c «d» “e” 1 000');
    expect(md('50\\% of \\$5 \\& \\#1 a\\_b \\{x\\}')).toBe('50% of \\$5 & \\#1 a\\_b {x}');
    expect(md('1, 2, \\ldots, n and \\dots{} more')).toBe('1, 2, …, n and … more');
    expect(md('caf\\\'e \\"o \\^a \\c{c}')).toBe('café ö â ç');
    expect(md('a * b and `x`')).toBe('a \\* b and ‘x‘');
  });

  it('drops comments but not \\%', () => {
    expect(md('one % a comment\ntwo 5\\% three')).toBe('one two 5% three');
    expect(stripTexComments('a%x\n   b')).toBe('ab');
  });

  it('joins lines and separates paragraphs by blank lines; \\\\ is a line break', () => {
    expect(md('first line\nsame paragraph\n\n\nsecond\\\\third\\newline fourth')).toBe(
      'first line same paragraph\n\nsecond\\\nthird\\\nfourth',
    );
    expect(md('a\\par b')).toBe('a\n\nb');
  });

  it('escapes what markdown would read as a block at a line start', () => {
    expect(md('1. not a list\n\n- nor this\n\n# nor a heading')).toBe(
      '1\\. not a list\n\n\\- nor this\n\n\\# nor a heading',
    );
  });

  it('keeps the text of unknown macros and drops layout', () => {
    expect(md('\\foo{kept} \\bar[opt]{also}{two} \\vspace{1cm}\\noindent text \\hspace*{2mm}end')).toBe(
      'kept also two text end',
    );
    expect(md('\\unknownword then')).toBe('then');
    expect(md('\\textcolor{red}{warm} \\color{blue}text')).toBe('warm text');
    expect(md('costs 5\\$ or $\n\nmore')).toBe('costs 5\\$ or \\$\n\nmore');
  });

  it('converts links, footnotes and headings', () => {
    expect(md('see \\url{https://a.b/c} or \\href{https://x.y}{here}\\footnote{really}')).toBe(
      'see <https://a.b/c> or [here](https://x.y) (really)',
    );
    expect(md('\\section*{Subtasks}\ntext')).toBe('### Subtasks\n\ntext');
  });
});

describe('texToMarkdown: blocks', () => {
  it('converts lists, nested ones too', () => {
    const tex = `\\begin{itemize}
\\item first $x_1$;
\\item second:
  \\begin{enumerate}
  \\item one
  \\item two
  \\end{enumerate}
\\item[Note] labelled
\\end{itemize}`;
    expect(md(tex)).toBe('- first $x_1$;\n- second:\n\n  1. one\n  1. two\n- **Note** labelled');
  });

  it('converts a tabular into a table, the first row its header', () => {
    const tex = `\\begin{center}
\\begin{tabular}{|c|c|}
\\hline
Subtask & Points \\\\
\\hline
$n \\le 10$ & \\textbf{30} \\\\
\\multicolumn{2}{|c|}{rest | all} \\\\
\\hline
\\end{tabular}
\\end{center}`;
    expect(md(tex)).toBe('| Subtask | Points |\n| --- | --- |\n| $n \\le 10$ | **30** |\n| rest \\| all |  |');
  });

  it('turns images into markdown images and lists them', () => {
    const r = texToMarkdown('See:\n\\begin{center}\n\\includegraphics[width=0.5\\textwidth]{pic 1.png}\n\\end{center}');
    expect(r.markdown).toBe('See:\n\n![](pic%201.png)');
    expect(r.images).toEqual(['pic 1.png']);
  });

  it('converts epigraphs, quotes, verbatim and equations', () => {
    expect(md('\\epigraph{To be, or not to be}{Hamlet}')).toBe('> To be, or not to be\n>\n> — Hamlet');
    expect(md('\\begin{quote}said\\end{quote}')).toBe('> said');
    expect(md('\\begin{verbatim}\nint  x; % not a comment\n\\end{verbatim}')).toBe('```\nint  x; % not a comment\n```');
    expect(md('\\begin{align*}\na &= b \\\\\nc &= d\n\\end{align*}')).toBe(
      '$$\n\\begin{align*}\na &= b \\\\\nc &= d\n\\end{align*}\n$$',
    );
    expect(md('\\begin{equation}E = mc^2\\end{equation}')).toBe('$$\nE = mc^2\n$$');
  });

  it('takes \\exmp and \\exmpfile examples out of the text', () => {
    const r = texToMarkdown(
      '\\begin{example}\n\\exmp{1 2\n}{3\n}%\n\\exmpfile{example.02}{example.02.a}%\n\\end{example}',
    );
    expect(r.markdown).toBe('');
    expect(r.examples).toEqual([{ input: '1 2\n', output: '3\n' }]);
    expect(r.exampleFiles).toEqual([{ input: 'example.02', output: 'example.02.a' }]);
  });
});

describe('splitProblemTex', () => {
  it('splits olymp.sty problem.tex into its sections', () => {
    const s = splitProblemTex(`\\begin{problem}{A+B}{standard input}{standard output}{1 second}{256 megabytes}
Legend.
\\InputFile
In.
\\OutputFile
Out.
\\Examples
\\exmp{1 2
}{3
}%
\\Note
Because.
\\end{problem}
`);
    expect(s.name).toBe('A+B');
    expect([s.legend, s.input, s.output, s.notes].map((x) => x.trim())).toEqual(['Legend.', 'In.', 'Out.', 'Because.']);
    expect(texToMarkdown(s.examples).examples).toEqual([{ input: '1 2\n', output: '3\n' }]);
  });
});

describe('chooseStatementLanguage', () => {
  it('takes the language asked for, else Chinese, else English, else the first', () => {
    expect(chooseStatementLanguage(['english', 'russian'], 'russian')).toEqual({
      language: 'russian',
      others: ['english'],
    });
    expect(chooseStatementLanguage(['russian', 'english', 'chinese'])).toEqual({
      language: 'chinese',
      others: ['russian', 'english'],
    });
    expect(chooseStatementLanguage(['russian', 'english'], 'chinese').language).toBe('english');
    expect(chooseStatementLanguage(['ukrainian', 'russian']).language).toBe('ukrainian');
    expect(chooseStatementLanguage([]).language).toBeUndefined();
  });
});

/** The notes in English. */
const en = (notes: ImportNote[]) => notes.map((n) => renderImportNote(n, 'en-US'));

const filesOf = (map: Record<string, string>): StatementFiles => ({
  names: Object.keys(map),
  read: async (name) => map[name],
});

describe('readPolygonStatement', () => {
  it('reads statement-sections, its examples and images', async () => {
    const s = await readPolygonStatement(
      filesOf({
        'statement-sections/russian/legend.tex': 'Даны $a$ и $b$.\n\\includegraphics{fig}',
        'statement-sections/russian/input.tex': 'Два числа.',
        'statement-sections/russian/output.tex': 'Сумма.',
        'statement-sections/russian/scoring.tex': 'Подзадачи.',
        'statement-sections/russian/notes.tex': 'Пояснение.',
        'statement-sections/russian/tutorial.tex': 'Разбор.',
        'statement-sections/russian/example.02': '3 4\r\n',
        'statement-sections/russian/example.02.a': '7\r\n',
        'statement-sections/russian/example.01': '1 2\n',
        'statement-sections/russian/example.01.a': '3\n',
        'statement-sections/russian/fig.png': 'png',
      }),
      { xmlLanguages: ['russian'], names: { russian: 'Сумма' } },
    );
    expect(s.language).toBe('russian');
    expect(s.title).toBe('Сумма');
    expect(s.statement).toEqual({
      description: 'Даны $a$ и $b$. ![](fig)',
      input: 'Два числа.',
      output: 'Сумма.',
      hint: '### Scoring\n\nПодзадачи.\n\nПояснение.',
    });
    expect(s.images).toEqual([{ name: 'fig', path: 'statement-sections/russian/fig.png' }]);
    expect(s.examples).toEqual([
      { input: '1 2\n', output: '3\n' },
      { input: '3 4\n', output: '7\n' },
    ]);
    expect(en(s.notes)).toEqual(['statement in russian taken', 'tutorial left out']);
    expect(s.notes.map((n) => renderImportNote(n, 'zh-CN'))).toEqual(['采用俄文题面', '未导入题解（tutorial）']);
  });

  it('reads problem-properties.json with its sample tests, and notes a missing image', async () => {
    const s = await readPolygonStatement(
      filesOf({
        'statements/english/problem-properties.json': JSON.stringify({
          name: 'Sum',
          legend: 'Print $$$a+b$$$. \\includegraphics{gone.png}',
          input: 'In.',
          output: 'Out.',
          interaction: 'Ask.',
          notes: '',
          sampleTests: [{ input: '1 1\n', output: '2\n' }],
        }),
      }),
      { xmlLanguages: ['english'], names: {} },
    );
    expect(s.title).toBe('Sum');
    expect(s.statement.output).toBe('Out.\n\n### Interaction\n\nAsk.');
    expect(s.examples).toEqual([{ input: '1 1\n', output: '2\n' }]);
    expect(s.images).toEqual([]);
    expect(en(s.notes)).toContain('image gone.png is not in the package: left out');
  });

  it('has no statement when the package holds none', async () => {
    const s = await readPolygonStatement(filesOf({ 'statements/.pdf/english/problem.pdf': '' }), {
      xmlLanguages: ['english'],
      names: { english: 'Only a name' },
    });
    expect(s.language).toBeUndefined();
    expect(s.title).toBe('Only a name');
    expect(en(s.notes)[0]).toMatch(/^no statement in the package/);
  });
});
