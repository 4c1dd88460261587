/** One CSV field (RFC 4180): quoted when it holds a quote, a comma or a line break. A text a spreadsheet would run as
 * a formula (=, +, -, @ first) is kept as text with a leading apostrophe: exports carry what users typed. */
export const csvCell = (v: string | number | null): string => {
  if (v === null) return '';
  if (typeof v === 'number') return String(v);
  const text = /^[=+\-@]/.test(v) ? `'${v}` : v;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
};

/** Rows as a CSV file Excel opens as UTF-8 (a byte-order mark first), lines ended by CRLF. */
export const csvFile = (rows: (string | number | null)[][]): Buffer =>
  Buffer.from(`\uFEFF${rows.map((r) => r.map(csvCell).join(',')).join('\r\n')}\r\n`, 'utf8');
