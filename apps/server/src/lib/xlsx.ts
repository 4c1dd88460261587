import yazl from 'yazl';

/** A small SpreadsheetML (ECMA-376, "xlsx") writer: sheets of rows of strings and numbers, a bold frozen header
 * row, per-cell fill and font colours and column widths; enough for exports that Excel and LibreOffice open,
 * without a spreadsheet library of several megabytes (docs/decisions/0009). */

export type CellValue = string | number | null;

export interface StyledCell {
  value: CellValue;
  /** Background, "#RRGGBB" or "RRGGBB". */
  fill?: string;
  /** Text colour, "#RRGGBB" or "RRGGBB". */
  color?: string;
  bold?: boolean;
}

export type Cell = CellValue | StyledCell;

export interface Sheet {
  /** Made safe for Excel: at most 31 characters, none of []:*?/\ and not empty. */
  name: string;
  rows: Cell[][];
  /** The first row is a header: bold, and frozen when scrolling. */
  header?: boolean;
  /** Column widths in characters, from column A on; null or absent keeps the default width. */
  widths?: (number | null)[];
}

export const XLSX_CONTENT_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

// XML 1.0 forbids most C0 controls, lone surrogates and U+FFFE/U+FFFF; Excel refuses a file holding one.
const FORBIDDEN =
  // biome-ignore lint/suspicious/noControlCharactersInRegex: matching the control characters XML forbids is the point.
  /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/** Text made safe for an XML element or attribute: forbidden characters dropped, markup characters escaped. */
export const xmlText = (s: string) =>
  s
    .replace(FORBIDDEN, '')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;');

/** Excel's rules for sheet names. */
export const sheetName = (name: string, index: number) => {
  const clean = name
    .replace(FORBIDDEN, '')
    .replace(/[[\]:*?/\\]/g, '_')
    .replace(/^'+|'+$/g, '')
    .slice(0, 31);
  return clean || `Sheet${index + 1}`;
};

/** "A", "B", ... "Z", "AA" ... for a 0-based column. */
export const columnName = (index: number) => {
  let n = index + 1;
  let out = '';
  while (n > 0) {
    const r = (n - 1) % 26;
    out = String.fromCharCode(65 + r) + out;
    n = Math.floor((n - 1) / 26);
  }
  return out;
};

const argb = (hex: string) => {
  const h = hex.replace(/^#/, '');
  if (!/^[0-9a-fA-F]{6}$/.test(h)) throw new Error(`xlsx: not a colour: ${hex}`);
  return `FF${h.toUpperCase()}`;
};

const XML_HEAD = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n';
const NS_MAIN = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const NS_REL = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const NS_PKG_REL = 'http://schemas.openxmlformats.org/package/2006/relationships';

/** Cell formats (xf) by (bold, font colour, fill): built while the sheets are written, then written out once. */
const createStyles = () => {
  const fonts = ['<font><sz val="11"/><name val="Calibri"/><family val="2"/></font>'];
  const fontIndex = new Map<string, number>([['|', 0]]);
  // The first two fills are reserved by the format (none and gray125).
  const fills = ['<fill><patternFill patternType="none"/></fill>', '<fill><patternFill patternType="gray125"/></fill>'];
  const fillIndex = new Map<string, number>();
  const xfs = ['<xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0"/>'];
  const xfIndex = new Map<string, number>([['0|0', 0]]);

  const font = (bold: boolean, color: string | undefined) => {
    const key = `${bold ? 'b' : ''}|${color ?? ''}`;
    let i = fontIndex.get(key);
    if (i === undefined) {
      i = fonts.length;
      fonts.push(
        `<font>${bold ? '<b/>' : ''}<sz val="11"/>${color ? `<color rgb="${color}"/>` : ''}<name val="Calibri"/><family val="2"/></font>`,
      );
      fontIndex.set(key, i);
    }
    return i;
  };
  const fill = (color: string | undefined) => {
    if (!color) return 0;
    let i = fillIndex.get(color);
    if (i === undefined) {
      i = fills.length;
      fills.push(
        `<fill><patternFill patternType="solid"><fgColor rgb="${color}"/><bgColor indexed="64"/></patternFill></fill>`,
      );
      fillIndex.set(color, i);
    }
    return i;
  };
  return {
    /** The style index (the `s` attribute) of a cell. */
    of(bold: boolean, color: string | undefined, background: string | undefined) {
      const fontId = font(bold, color && argb(color));
      const fillId = fill(background && argb(background));
      const key = `${fontId}|${fillId}`;
      let i = xfIndex.get(key);
      if (i === undefined) {
        i = xfs.length;
        xfs.push(
          `<xf numFmtId="0" fontId="${fontId}" fillId="${fillId}" borderId="0" xfId="0"${fontId ? ' applyFont="1"' : ''}${fillId ? ' applyFill="1"' : ''}/>`,
        );
        xfIndex.set(key, i);
      }
      return i;
    },
    xml() {
      return (
        `${XML_HEAD}<styleSheet xmlns="${NS_MAIN}">` +
        `<fonts count="${fonts.length}">${fonts.join('')}</fonts>` +
        `<fills count="${fills.length}">${fills.join('')}</fills>` +
        '<borders count="1"><border><left/><right/><top/><bottom/><diagonal/></border></borders>' +
        '<cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs>' +
        `<cellXfs count="${xfs.length}">${xfs.join('')}</cellXfs>` +
        '<cellStyles count="1"><cellStyle name="Normal" xfId="0" builtinId="0"/></cellStyles>' +
        '</styleSheet>'
      );
    },
  };
};

/** Strings go to the shared string table once each (what Excel itself writes; every reader understands it). */
const createSharedStrings = () => {
  const list: string[] = [];
  const index = new Map<string, number>();
  let uses = 0;
  return {
    of(s: string) {
      uses += 1;
      let i = index.get(s);
      if (i === undefined) {
        i = list.length;
        list.push(s);
        index.set(s, i);
      }
      return i;
    },
    xml() {
      const items = list.map((s) => `<si><t xml:space="preserve">${xmlText(s)}</t></si>`).join('');
      return `${XML_HEAD}<sst xmlns="${NS_MAIN}" count="${uses}" uniqueCount="${list.length}">${items}</sst>`;
    },
  };
};

const worksheetXml = (
  sheet: Sheet,
  styles: ReturnType<typeof createStyles>,
  strings: ReturnType<typeof createSharedStrings>,
) => {
  const width = Math.max(1, ...sheet.rows.map((r) => r.length), sheet.widths?.length ?? 0);
  const height = Math.max(1, sheet.rows.length);
  const parts: string[] = [];
  parts.push(`${XML_HEAD}<worksheet xmlns="${NS_MAIN}" xmlns:r="${NS_REL}">`);
  parts.push(`<dimension ref="A1:${columnName(width - 1)}${height}"/>`);
  parts.push(
    sheet.header && sheet.rows.length > 0
      ? '<sheetViews><sheetView workbookViewId="0"><pane ySplit="1" topLeftCell="A2" activePane="bottomLeft" state="frozen"/><selection pane="bottomLeft" activeCell="A2" sqref="A2"/></sheetView></sheetViews>'
      : '<sheetViews><sheetView workbookViewId="0"/></sheetViews>',
  );
  parts.push('<sheetFormatPr defaultRowHeight="15"/>');
  const cols = (sheet.widths ?? [])
    .map((w, i) =>
      w == null || !Number.isFinite(w) || w <= 0
        ? ''
        : `<col min="${i + 1}" max="${i + 1}" width="${Math.min(255, w)}" customWidth="1"/>`,
    )
    .join('');
  if (cols) parts.push(`<cols>${cols}</cols>`);
  parts.push('<sheetData>');
  sheet.rows.forEach((row, r) => {
    const cells: string[] = [];
    row.forEach((cell, c) => {
      const styled = cell !== null && typeof cell === 'object' ? cell : { value: cell };
      const bold = !!styled.bold || (!!sheet.header && r === 0);
      const s = styles.of(bold, styled.color, styled.fill);
      const ref = `${columnName(c)}${r + 1}`;
      const sAttr = s ? ` s="${s}"` : '';
      const v = styled.value;
      if (typeof v === 'number' && Number.isFinite(v)) cells.push(`<c r="${ref}"${sAttr}><v>${v}</v></c>`);
      else if (typeof v === 'string' && v !== '') cells.push(`<c r="${ref}"${sAttr} t="s"><v>${strings.of(v)}</v></c>`);
      else if (s) cells.push(`<c r="${ref}"${sAttr}/>`);
    });
    parts.push(`<row r="${r + 1}">${cells.join('')}</row>`);
  });
  parts.push('</sheetData>');
  parts.push('<pageMargins left="0.7" right="0.7" top="0.75" bottom="0.75" header="0.3" footer="0.3"/>');
  parts.push('</worksheet>');
  return parts.join('');
};

/** The workbook as the bytes of an .xlsx file. */
export const writeXlsx = async (sheets: Sheet[]): Promise<Buffer> => {
  if (sheets.length === 0) throw new Error('xlsx: a workbook needs a sheet');
  const styles = createStyles();
  const strings = createSharedStrings();
  const names: string[] = [];
  for (const [i, s] of sheets.entries()) {
    let name = sheetName(s.name, i);
    // Sheet names are unique, case-insensitively.
    for (let n = 2; names.some((x) => x.toLowerCase() === name.toLowerCase()); n += 1) {
      name = `${sheetName(s.name, i).slice(0, 28)}_${n}`;
    }
    names.push(name);
  }
  const worksheets = sheets.map((s) => worksheetXml(s, styles, strings));

  const files: [string, string][] = [
    [
      '[Content_Types].xml',
      `${XML_HEAD}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">` +
        '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>' +
        '<Default Extension="xml" ContentType="application/xml"/>' +
        '<Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>' +
        worksheets
          .map(
            (_, i) =>
              `<Override PartName="/xl/worksheets/sheet${i + 1}.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>`,
          )
          .join('') +
        '<Override PartName="/xl/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.styles+xml"/>' +
        '<Override PartName="/xl/sharedStrings.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sharedStrings+xml"/>' +
        '</Types>',
    ],
    [
      '_rels/.rels',
      `${XML_HEAD}<Relationships xmlns="${NS_PKG_REL}">` +
        `<Relationship Id="rId1" Type="${NS_REL}/officeDocument" Target="xl/workbook.xml"/>` +
        '</Relationships>',
    ],
    [
      'xl/workbook.xml',
      `${XML_HEAD}<workbook xmlns="${NS_MAIN}" xmlns:r="${NS_REL}"><bookViews><workbookView/></bookViews><sheets>` +
        names.map((n, i) => `<sheet name="${xmlText(n)}" sheetId="${i + 1}" r:id="rId${i + 1}"/>`).join('') +
        '</sheets></workbook>',
    ],
    [
      'xl/_rels/workbook.xml.rels',
      `${XML_HEAD}<Relationships xmlns="${NS_PKG_REL}">` +
        worksheets
          .map(
            (_, i) =>
              `<Relationship Id="rId${i + 1}" Type="${NS_REL}/worksheet" Target="worksheets/sheet${i + 1}.xml"/>`,
          )
          .join('') +
        `<Relationship Id="rId${worksheets.length + 1}" Type="${NS_REL}/styles" Target="styles.xml"/>` +
        `<Relationship Id="rId${worksheets.length + 2}" Type="${NS_REL}/sharedStrings" Target="sharedStrings.xml"/>` +
        '</Relationships>',
    ],
    ...worksheets.map((xml, i): [string, string] => [`xl/worksheets/sheet${i + 1}.xml`, xml]),
    ['xl/styles.xml', styles.xml()],
    ['xl/sharedStrings.xml', strings.xml()],
  ];

  return new Promise((resolve, reject) => {
    const zip = new yazl.ZipFile();
    for (const [name, xml] of files) zip.addBuffer(Buffer.from(xml, 'utf8'), name);
    zip.end();
    const chunks: Buffer[] = [];
    zip.outputStream.on('data', (c: Buffer) => chunks.push(c));
    zip.outputStream.on('error', reject);
    zip.outputStream.on('end', () => resolve(Buffer.concat(chunks)));
  });
};
