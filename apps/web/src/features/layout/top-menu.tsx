import {
  type FocusEvent,
  type KeyboardEvent,
  type ReactNode,
  useCallback,
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
} from 'react';
import { flushSync } from 'react-dom';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { TranslationKey } from '../../locales/zh-cn';
import type { MenuEntry } from './menu-items';

/** The key of the submenu that holds the entries a narrow window has no room for. */
const MORE_KEY = '__more';
/** How long a submenu opened by the pointer stays open once the pointer has left it. */
const HOVER_CLOSE_MS = 150;

const isActive = (e: MenuEntry, selectedKey: string): boolean =>
  e.key === selectedKey || !!e.children?.some((c) => isActive(c, selectedKey));

/** An entry's link: an in-app route, or the preliminary round's address in a new window. */
const EntryLink = ({
  entry,
  label,
  preliminaryUrl,
  active,
  className,
  tabIndex,
  onFocus,
  onClick,
}: {
  entry: MenuEntry;
  label: string;
  preliminaryUrl: string | undefined;
  active: boolean;
  className?: string;
  tabIndex: number;
  onFocus?: () => void;
  onClick?: () => void;
}) =>
  entry.external === 'preliminary' ? (
    <a
      role="menuitem"
      className={className}
      href={preliminaryUrl}
      target="_blank"
      rel="noopener noreferrer"
      tabIndex={tabIndex}
      onFocus={onFocus}
      onClick={onClick}
    >
      {label}
    </a>
  ) : (
    <Link
      role="menuitem"
      className={className}
      to={entry.path ?? '/home'}
      aria-current={active ? 'page' : undefined}
      tabIndex={tabIndex}
      onFocus={onFocus}
      onClick={onClick}
    >
      {label}
    </Link>
  );

/** Widths of the top entries and of the "more" entry, taken while all of them are shown. */
interface Widths {
  items: number[];
  more: number;
}

/** How many top entries fit in `available` pixels, the "more" entry taking its room once any is left out. */
export const entriesThatFit = ({ items, more }: Widths, available: number) => {
  const total = items.reduce((a, b) => a + b, 0);
  if (total <= available) return items.length;
  let used = more;
  let n = 0;
  while (n < items.length && used + (items[n] ?? 0) <= available) used += items[n++] ?? 0;
  return n;
};

/** The desktop top menu, the app's own (decision 0045): a menubar of links with the current page's entry marked
 * (`aria-current`), submenus (Rank, About) that open on hover, click or the keyboard, and the entries a narrower
 * window has no room for under a "more" entry at its end. One tab stop; the arrow keys move between the entries and
 * through a submenu, Escape closes it (the WAI-ARIA menubar pattern). The phone drawer keeps antd's inline menu
 * (nav-drawer.tsx), loaded only there. */
export const TopMenu = ({
  entries,
  selectedKey,
  preliminaryUrl,
}: {
  entries: MenuEntry[];
  selectedKey: string;
  preliminaryUrl: string | undefined;
}) => {
  const { t } = useTranslation();
  const label = (e: MenuEntry) => t(e.labelKey);
  const listRef = useRef<HTMLDivElement>(null);
  const [open, setOpen] = useState<{ key: string; by: 'hover' | 'click' } | null>(null);
  // The entry a Tab into the menu lands on: the last one focused, else the current page's, else the first.
  const [focusedKey, setFocusedKey] = useState<string | null>(null);
  // A submenu opened from the keyboard puts the focus on its first (or last) entry once it is shown.
  const [focusInto, setFocusInto] = useState<'first' | 'last' | null>(null);
  const closeTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  // How many entries are shown before "more": null while all of them are laid out to be measured. The widths are read
  // in a ResizeObserver's callback, which runs once the browser has laid the page out, so reading them forces no
  // layout of its own (a layout effect would, in the middle of the first render).
  const [fit, setFit] = useState<number | null>(null);
  const widths = useRef<Widths | null>(null);
  const signature = entries.map((e) => `${e.key}:${label(e)}`).join('|');
  useLayoutEffect(() => {
    // New entries or another language: measure again.
    void signature;
    widths.current = null;
    setFit(null);
  }, [signature]);
  const measuring = fit === null;
  const count = entries.length;
  useEffect(() => {
    const list = listRef.current;
    if (!list || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(() => {
      if (!widths.current) {
        if (!measuring) return;
        const items = Array.from(list.children) as HTMLElement[];
        widths.current = {
          items: items.slice(0, count).map((el) => el.offsetWidth),
          more: items[count]?.offsetWidth ?? 0,
        };
      }
      const next = entriesThatFit(widths.current, list.clientWidth);
      // Before the frame is painted: entries that do not fit are never seen spilling over.
      flushSync(() => setFit(next));
    });
    observer.observe(list);
    return () => observer.disconnect();
  }, [measuring, count]);

  const shown = measuring ? entries : entries.slice(0, fit);
  const hidden = measuring ? [] : entries.slice(fit);
  const tops: MenuEntry[] = hidden.length
    ? [...shown, { key: MORE_KEY, labelKey: 'Menu_More', children: hidden }]
    : shown;
  const tabbableKey =
    tops.find((e) => e.key === focusedKey)?.key ?? tops.find((e) => isActive(e, selectedKey))?.key ?? tops[0]?.key;

  const close = useCallback(() => {
    clearTimeout(closeTimer.current);
    setOpen(null);
  }, []);
  useEffect(() => () => clearTimeout(closeTimer.current), []);

  // A press anywhere outside the open submenu closes it.
  useEffect(() => {
    if (!open) return;
    const onDown = (ev: PointerEvent) => {
      const li = listRef.current?.querySelector(`[data-key="${open.key}"]`);
      if (!li?.contains(ev.target as Node)) close();
    };
    document.addEventListener('pointerdown', onDown);
    return () => document.removeEventListener('pointerdown', onDown);
  }, [open, close]);

  const topElements = () =>
    Array.from(listRef.current?.querySelectorAll<HTMLElement>(':scope > div > [role="menuitem"]') ?? []);
  const popupElements = (owner: HTMLElement | null | undefined) =>
    Array.from(owner?.parentElement?.querySelectorAll<HTMLElement>('[role="menu"] [role="menuitem"]') ?? []);

  useEffect(() => {
    if (!open || !focusInto) return;
    const owner = listRef.current?.querySelector<HTMLElement>(`[data-key="${open.key}"] > [role="menuitem"]`);
    const items = popupElements(owner);
    (focusInto === 'first' ? items[0] : items[items.length - 1])?.focus();
    setFocusInto(null);
  }, [open, focusInto]);

  const focusTop = (index: number) => {
    const all = topElements();
    if (all.length === 0) return;
    const el = all[(index + all.length) % all.length];
    close();
    el?.focus();
  };

  const onKeyDown = (ev: KeyboardEvent<HTMLDivElement>) => {
    const target = ev.target as HTMLElement;
    const all = topElements();
    const topIndex = all.indexOf(target);
    if (topIndex >= 0) {
      const key = target.parentElement?.dataset.key ?? '';
      const hasPopup = target.getAttribute('aria-haspopup') === 'menu';
      if (ev.key === 'ArrowRight') focusTop(topIndex + 1);
      else if (ev.key === 'ArrowLeft') focusTop(topIndex - 1);
      else if (ev.key === 'Home') focusTop(0);
      else if (ev.key === 'End') focusTop(all.length - 1);
      else if (hasPopup && ['ArrowDown', 'ArrowUp', 'Enter', ' '].includes(ev.key)) {
        setOpen({ key, by: 'click' });
        setFocusInto(ev.key === 'ArrowUp' ? 'last' : 'first');
      } else if (ev.key === 'Escape' && open) close();
      else return;
      ev.preventDefault();
      return;
    }
    const ownerIndex = all.findIndex((el) => el.parentElement?.contains(target));
    if (ownerIndex < 0) return;
    const owner = all[ownerIndex];
    const items = popupElements(owner);
    const i = items.indexOf(target);
    if (ev.key === 'ArrowDown') items[(i + 1) % items.length]?.focus();
    else if (ev.key === 'ArrowUp') items[(i - 1 + items.length) % items.length]?.focus();
    else if (ev.key === 'Home') items[0]?.focus();
    else if (ev.key === 'End') items[items.length - 1]?.focus();
    else if (ev.key === 'Escape') {
      close();
      owner?.focus();
    } else if (ev.key === 'ArrowRight') focusTop(ownerIndex + 1);
    else if (ev.key === 'ArrowLeft') focusTop(ownerIndex - 1);
    else {
      if (ev.key === 'Tab') close();
      return;
    }
    ev.preventDefault();
  };

  const popupEntry = (e: MenuEntry): ReactNode =>
    e.children ? (
      <div key={e.key}>
        <span className="oj-menu__group-title" id={`oj-menu-group-${e.key}`}>
          {label(e)}
        </span>
        {/* biome-ignore lint/a11y/useSemanticElements: the entries of a submenu that moved under "more", a menu's group. */}
        <div role="group" aria-labelledby={`oj-menu-group-${e.key}`}>
          {e.children.map(popupEntry)}
        </div>
      </div>
    ) : (
      <div key={e.key}>
        <EntryLink
          entry={e}
          label={label(e)}
          preliminaryUrl={preliminaryUrl}
          active={e.key === selectedKey}
          className="oj-menu__sub-item"
          tabIndex={-1}
          onClick={close}
        />
      </div>
    );

  const topEntry = (e: MenuEntry) => {
    const active = isActive(e, selectedKey);
    const tabIndex = e.key === tabbableKey ? 0 : -1;
    const onFocus = () => setFocusedKey(e.key);
    const className = ['oj-menu__item', active && 'oj-menu__item--active', open?.key === e.key && 'oj-menu__item--open']
      .filter(Boolean)
      .join(' ');
    if (!e.children) {
      return (
        <div key={e.key} data-key={e.key} className={className}>
          <EntryLink
            entry={e}
            label={label(e)}
            preliminaryUrl={preliminaryUrl}
            active={active}
            className="oj-menu__top"
            tabIndex={tabIndex}
            onFocus={onFocus}
          />
        </div>
      );
    }
    const isOpen = open?.key === e.key;
    return (
      // biome-ignore lint/a11y/noStaticElementInteractions: the pointer passing over an entry and its submenu opens it; the button inside is what the keyboard and assistive technology use.
      <div
        key={e.key}
        data-key={e.key}
        className={className}
        onMouseEnter={() => {
          clearTimeout(closeTimer.current);
          if (open?.key !== e.key) setOpen({ key: e.key, by: 'hover' });
        }}
        onMouseLeave={() => {
          clearTimeout(closeTimer.current);
          closeTimer.current = setTimeout(
            () => setOpen((o) => (o?.key === e.key && o.by === 'hover' ? null : o)),
            HOVER_CLOSE_MS,
          );
        }}
        onBlur={(ev: FocusEvent<HTMLDivElement>) => {
          if (!ev.currentTarget.contains(ev.relatedTarget as Node | null) && ev.relatedTarget) close();
        }}
      >
        <button
          type="button"
          role="menuitem"
          className="oj-menu__top"
          aria-haspopup="menu"
          aria-expanded={isOpen}
          tabIndex={tabIndex}
          onFocus={onFocus}
          // A press opens a submenu the pointer opened on its way (a tap on a touch screen is both); a second closes it.
          onClick={() => setOpen(open?.key === e.key && open.by === 'click' ? null : { key: e.key, by: 'click' })}
        >
          {label(e)}
          <span className="oj-menu__arrow" aria-hidden="true" />
        </button>
        {isOpen && (
          <div role="menu" aria-label={label(e)} className="oj-menu__popup">
            {e.children.map(popupEntry)}
          </div>
        )}
      </div>
    );
  };

  return (
    <div ref={listRef} role="menubar" className="oj-menu" onKeyDown={onKeyDown}>
      {tops.map(topEntry)}
      {/* While measuring, the "more" entry is laid out after all the others to take its width. */}
      {measuring && topEntry({ key: MORE_KEY, labelKey: 'Menu_More' satisfies TranslationKey, children: [] })}
    </div>
  );
};
