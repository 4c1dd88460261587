/** The layout sweep's checks of one page (specs/layout-sweep.spec.ts), run inside the page by page.evaluate. */

export interface PageReport {
  scrollWidth: number;
  innerWidth: number;
  /** Elements sticking out to the right that no scroll container holds. */
  culprits: string[];
  rawKeys: string[];
  latin: string[];
  /** The page shows no text at all or the router's crash page (a failed render, a chunk that did not load). */
  broken: string;
  /** Key columns of a table (components/responsive-table.tsx) out of sight without scrolling: past the right edge
   * of the table's box or the window, or under a pinned column. */
  hiddenKeyColumns: string[];
  /** Tables whose box scrolls sideways (their content wider than the box), boards (`.oj-board`: a column per
   * problem) left out; asked for at 1366 px, where every list fits. */
  scrollingTables: string[];
}

/** All checks of one page, in the page (self-contained: no outer names). */
export const pageChecks = ({
  lang,
  allow,
  data,
  layoutOnly,
  tablesFit = false,
}: {
  lang: string;
  /** Allowed Latin words (any case). */
  allow: string[];
  /** User data shown in the chrome (titles, usernames, the site's names): removed from a text before its words are
   * checked, so a problem title in an h1 passes while the same word alone on a button does not. */
  data: string[];
  layoutOnly: boolean;
  /** Also list the tables whose box scrolls sideways. */
  tablesFit?: boolean;
}) => {
  const USER_DATA = 'pre, code, textarea, input, select, script, style, noscript, svg, .cm-editor, .oj-markdown';
  const describe = (el: Element) => {
    const cls = Array.from(el.classList)
      .filter((c) => !c.startsWith('css-'))
      .slice(0, 2)
      .map((c) => `.${c}`)
      .join('');
    const text = (el.textContent ?? '').replace(/\s+/g, ' ').trim().slice(0, 30);
    return `${el.tagName.toLowerCase()}${cls}${text ? ` "${text}"` : ''}`;
  };
  const visible = (el: Element) =>
    el.getClientRects().length > 0 && (el as HTMLElement).checkVisibility?.({ visibilityProperty: true }) !== false;

  const iw = window.innerWidth;
  const scrollWidth = document.documentElement.scrollWidth;
  const culprits: string[] = [];
  if (scrollWidth > iw + 1) {
    const clips = new Map<Element, boolean>();
    const clipped = (el: Element | null): boolean => {
      if (!el || el === document.documentElement || el === document.body) return false;
      const known = clips.get(el);
      if (known !== undefined) return known;
      const style = getComputedStyle(el);
      const result = style.overflowX !== 'visible' || style.position === 'fixed' || clipped(el.parentElement);
      clips.set(el, result);
      return result;
    };
    const out = new Set<Element>();
    for (const el of Array.from(document.body.querySelectorAll('*'))) {
      const r = el.getBoundingClientRect();
      if (r.width > 0 && r.right > iw + 1 && !clipped(el.parentElement)) out.add(el);
    }
    for (const el of out) {
      if (el.parentElement && out.has(el.parentElement)) continue;
      culprits.push(`${describe(el)} (right ${Math.round(el.getBoundingClientRect().right)}px)`);
      if (culprits.length >= 3) break;
    }
  }
  // biome-ignore lint/performance/useDomNodeTextContent: the rendered text is what a visitor sees.
  const shown = (document.body.innerText ?? '').trim();
  const broken = !shown
    ? 'no text shown'
    : shown.includes('Unexpected Application Error')
      ? shown.replace(/\s+/g, ' ').slice(0, 120)
      : '';
  const hiddenKeyColumns: string[] = [];
  for (const th of Array.from(document.querySelectorAll('th.oj-key-col'))) {
    if (!visible(th)) continue;
    const r = th.getBoundingClientRect();
    const box = th.closest('.ant-table-content, .ant-table-header, .ant-table-body') ?? th.closest('table');
    const right = Math.min(iw, box ? box.getBoundingClientRect().right : iw);
    const y = r.top + r.height / 2;
    // Covered by a cell of its own table (a pinned column); the site's fixed header or a toast over a page scrolled
    // down is not a table's doing.
    const over = y < 0 || y > window.innerHeight ? null : document.elementFromPoint(r.left + r.width / 2, y);
    const onTop = !over || th.contains(over) || over.closest('.ant-table') !== th.closest('.ant-table');
    if (r.right > right + 1 || r.left < -1 || !onTop)
      hiddenKeyColumns.push(`${describe(th)} (${Math.round(r.left)}-${Math.round(r.right)}px of ${Math.round(right)})`);
  }
  const scrollingTables: string[] = [];
  if (tablesFit) {
    for (const box of Array.from(document.querySelectorAll('.ant-table-content, .ant-table-body'))) {
      if (!visible(box) || box.closest('.oj-board') || box.scrollWidth <= box.clientWidth + 1) continue;
      const heads = Array.from(box.closest('.ant-table')?.querySelectorAll('th') ?? [])
        .map((th) => (th.textContent ?? '').trim())
        .filter(Boolean)
        .slice(0, 3)
        .join(' | ');
      scrollingTables.push(`table "${heads}" (${box.scrollWidth}px in ${box.clientWidth}px)`);
    }
  }
  if (layoutOnly)
    return {
      scrollWidth,
      innerWidth: iw,
      culprits,
      rawKeys: [],
      latin: [],
      broken,
      hiddenKeyColumns,
      scrollingTables,
    };

  // b. Raw translation keys: text nodes, placeholders, titles, the window title.
  const KEY = /\b[A-Z][A-Za-z0-9]*(_[A-Za-z0-9]+)+\b/g;
  const rawKeys = new Set<string>();
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const text = node.nodeValue ?? '';
    if (!/_/.test(text)) continue;
    const parent = node.parentElement;
    if (!parent || parent.closest(USER_DATA) || !visible(parent)) continue;
    for (const m of text.match(KEY) ?? []) rawKeys.add(m);
  }
  for (const el of Array.from(document.querySelectorAll('[placeholder], [aria-label], [title]'))) {
    if (el.closest('.cm-editor, .oj-markdown')) continue;
    for (const attr of ['placeholder', 'aria-label', 'title']) {
      for (const m of el.getAttribute(attr)?.match(KEY) ?? []) rawKeys.add(`${m} (${attr})`);
    }
  }
  for (const m of document.title.match(KEY) ?? []) rawKeys.add(`${m} (window title)`);

  // c. Latin words in the zh-CN interface chrome.
  const latin = new Map<string, string>();
  if (lang === 'zh-CN') {
    const allowed = new Set(allow.map((w) => w.toLowerCase()));
    const CHROME =
      'th, label, button, [role=tab], [role=menuitem], .ant-select-selection-item, .ant-select-selection-placeholder, .ant-empty-description, .ant-pagination, h1, h2, .ant-result-title, .ant-result-subtitle, .ant-modal-title';
    const byLength = [...data].filter(Boolean).sort((a, b) => b.length - a.length);
    const note = (raw: string, where: string) => {
      let text = raw;
      for (const d of byLength) text = text.split(d).join(' ');
      for (const w of text.match(/[A-Za-z]{3,}/g) ?? []) {
        if (!allowed.has(w.toLowerCase()) && !latin.has(w)) latin.set(w, where);
      }
    };
    for (const el of Array.from(document.querySelectorAll(CHROME))) {
      // Link-styled buttons and cards name data (contest, problem and group titles, made by any test that ran
      // before on the shared database): they are not interface words.
      if (
        el.closest('.cm-editor, .oj-markdown, pre, code, .ant-btn-link, .oj-widget__link, .oj-group-card') ||
        !visible(el)
      )
        continue;
      // biome-ignore lint/performance/useDomNodeTextContent: the rendered text is what is checked (hidden parts are not shown).
      note((el as HTMLElement).innerText ?? '', describe(el));
    }
    for (const el of Array.from(document.querySelectorAll('[placeholder]'))) {
      if (el.closest('.cm-editor') || !visible(el)) continue;
      note(el.getAttribute('placeholder') ?? '', `${el.tagName.toLowerCase()}[placeholder]`);
    }
  }
  return {
    scrollWidth,
    innerWidth: iw,
    culprits,
    rawKeys: [...rawKeys],
    latin: [...latin].map(([w, where]) => `${w} (${where})`),
    broken,
    hiddenKeyColumns,
    scrollingTables,
  };
};
