/** Pasted rows or a CSV file as the cells of insert-batch-user: one user per line, comma- or tab-separated,
 * double quotes around cells that hold commas; blank lines and a `username,password` header are dropped. */
export const parseUserRows = (text: string): string[][] => {
  const rows: string[][] = [];
  for (const line of text.replace(/^\uFEFF/, '').split(/\r?\n/)) {
    if (!line.trim()) continue;
    const cells: string[] = [];
    let cell = '';
    let quoted = false;
    for (let i = 0; i < line.length; i += 1) {
      const c = line[i];
      if (quoted) {
        if (c === '"' && line[i + 1] === '"') {
          cell += '"';
          i += 1;
        } else if (c === '"') quoted = false;
        else cell += c;
      } else if (c === '"' && cell === '') quoted = true;
      else if (c === ',' || c === '\t') {
        cells.push(cell.trim());
        cell = '';
      } else cell += c;
    }
    cells.push(cell.trim());
    rows.push(cells);
  }
  if (rows.length && /^username$/i.test(rows[0][0] ?? '') && /^password$/i.test(rows[0][1] ?? '')) rows.shift();
  return rows;
};
