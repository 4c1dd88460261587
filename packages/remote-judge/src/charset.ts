/**
 * The text of a page served in an old encoding (HDU serves GBK, announced as gb2312 in a `<meta>` and often not in
 * the header; POJ's pages are UTF-8 or GBK). The charset comes from the Content-Type header, else from the page's
 * `<meta charset>` / `<meta http-equiv="Content-Type" content="...charset=...">` in its first bytes, else UTF-8.
 * gb2312 is read as GBK (its superset, which is what such sites really send).
 */
export const charsetOf = (bytes: Buffer, contentType: string | null): string => {
  const fromHeader = /charset\s*=\s*["']?([\w.:-]+)/i.exec(contentType ?? '')?.[1];
  if (fromHeader) return normalise(fromHeader);
  // A meta tag is ASCII whatever the encoding: look at the head as latin1, byte for byte.
  const head = bytes.subarray(0, 4096).toString('latin1');
  const fromMeta = /<meta\b[^>]*charset\s*=\s*["']?([\w.:-]+)/i.exec(head)?.[1];
  return fromMeta ? normalise(fromMeta) : 'utf-8';
};

const normalise = (label: string) => {
  const lower = label.toLowerCase();
  if (lower === 'gb2312' || lower === 'gb_2312-80' || lower === 'x-gbk' || lower === 'cp936') return 'gbk';
  return lower;
};

/** The page's text in its own encoding (an unknown label is read as UTF-8). */
export const decodePage = (bytes: Buffer, contentType: string | null): string => {
  const charset = charsetOf(bytes, contentType);
  try {
    return new TextDecoder(charset).decode(bytes);
  } catch {
    return new TextDecoder('utf-8').decode(bytes);
  }
};
