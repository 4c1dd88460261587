import { XMLParser } from 'fast-xml-parser';
import { readZip } from '../src/modules/admin-problem/safe-zip.js';

/** One cell as a reader sees it: the typed value and the look (fill and font colour as RRGGBB, bold). */
export interface ReadCell {
  value: string | number | null;
  fill: string | null;
  color: string | null;
  bold: boolean;
}

export interface ReadSheet {
  name: string;
  /** Rows by index, cells by column index; missing cells are null values. */
  rows: ReadCell[][];
  /** Rows frozen at the top. */
  frozenRows: number;
  /** Column widths by column index (1-based `min` of each <col>). */
  widths: Record<number, number>;
}

const ARRAYS = new Set(['sheet', 'row', 'c', 'si', 'font', 'fill', 'xf', 'col', 'Relationship', 'Override', 'r']);
const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '',
  parseTagValue: false,
  parseAttributeValue: false,
  trimValues: false,
  isArray: (name) => ARRAYS.has(name),
});

const textOf = (t: unknown): string => {
  if (t == null) return '';
  if (typeof t === 'string') return t;
  if (typeof t === 'object' && '#text' in (t as object)) return String((t as { '#text': unknown })['#text']);
  return '';
};

const columnIndex = (ref: string) => {
  const letters = /^[A-Z]+/.exec(ref)?.[0] ?? '';
  let n = 0;
  for (const ch of letters) n = n * 26 + (ch.charCodeAt(0) - 64);
  return n - 1;
};

const rgb = (argb: string | undefined) => (argb ? argb.slice(-6).toUpperCase() : null);

/** Reads an .xlsx the way a spreadsheet program would: the workbook's sheets through its relationships, shared
 * strings, inline strings, numbers, and the styles each cell points at. */
export const readXlsx = async (bytes: Buffer): Promise<{ files: string[]; sheets: ReadSheet[] }> => {
  const entries = await readZip(bytes);
  const file = (name: string) => {
    const e = entries.find((x) => x.name === name);
    if (!e) throw new Error(`xlsx without ${name}`);
    return parser.parse(e.data.toString('utf8'));
  };
  const types = file('[Content_Types].xml');
  if (!types.Types) throw new Error('no content types');
  const workbook = file('xl/workbook.xml').workbook;
  const rels = file('xl/_rels/workbook.xml.rels').Relationships.Relationship as { Id: string; Target: string }[];
  const sst = entries.some((e) => e.name === 'xl/sharedStrings.xml') ? file('xl/sharedStrings.xml').sst : undefined;
  const shared: string[] = (sst?.si ?? []).map((si: { t?: unknown; r?: { t: unknown }[] }) =>
    si.t !== undefined ? textOf(si.t) : (si.r ?? []).map((r) => textOf(r.t)).join(''),
  );
  const styleSheet = file('xl/styles.xml').styleSheet;
  const fonts = styleSheet.fonts.font as { b?: unknown; color?: { rgb?: string } }[];
  const fills = styleSheet.fills.fill as { patternFill?: { patternType?: string; fgColor?: { rgb?: string } } }[];
  const xfs = styleSheet.cellXfs.xf as { fontId: string; fillId: string }[];

  const sheets = (workbook.sheets.sheet as { name: string; 'r:id': string }[]).map((s): ReadSheet => {
    const target = rels.find((r) => r.Id === s['r:id'])?.Target;
    if (!target) throw new Error(`no relationship for ${s.name}`);
    const ws = file(`xl/${target}`).worksheet;
    const rows: ReadCell[][] = [];
    for (const row of ws.sheetData?.row ?? []) {
      const r = Number(row.r) - 1;
      const cells: ReadCell[] = [];
      for (const c of row.c ?? []) {
        const xf = xfs[Number(c.s ?? 0)];
        const font = fonts[Number(xf.fontId)];
        const fill = fills[Number(xf.fillId)];
        let value: string | number | null = null;
        if (c.t === 's') value = shared[Number(textOf(c.v))];
        else if (c.t === 'inlineStr') value = textOf(c.is?.t);
        else if (c.t === 'str') value = textOf(c.v);
        else if (c.v !== undefined) value = Number(textOf(c.v));
        cells[columnIndex(c.r)] = {
          value,
          fill: fill?.patternFill?.patternType === 'solid' ? rgb(fill.patternFill.fgColor?.rgb) : null,
          color: rgb(font?.color?.rgb),
          bold: font?.b !== undefined,
        };
      }
      rows[r] = Array.from(cells, (x) => x ?? { value: null, fill: null, color: null, bold: false });
    }
    const pane = ws.sheetViews?.sheetView?.pane;
    const widths: Record<number, number> = {};
    for (const col of ws.cols?.col ?? []) widths[Number(col.min)] = Number(col.width);
    return {
      name: s.name,
      rows: Array.from(rows, (x) => x ?? []),
      frozenRows: pane?.state === 'frozen' ? Number(pane.ySplit ?? 0) : 0,
      widths,
    };
  });
  return { files: entries.map((e) => e.name), sheets };
};

/** Just the values, row by row (trailing empty cells dropped). */
export const valuesOf = (sheet: ReadSheet) =>
  sheet.rows.map((row) => {
    const values = row.map((c) => c.value);
    while (values.length && values[values.length - 1] === null) values.pop();
    return values;
  });
