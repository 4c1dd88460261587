import type { TableColumnType, TableProps } from 'antd';
import { Fragment, type Key, type ReactNode } from 'react';
import { useMaxWidth } from '../lib/use-media-query';
import './responsive-table.css';

/** The narrowest screen a column is shown on in its row; on a narrower one it moves to the row's details.
 * `phone`: always (a key column: what the list is for, checked by the layout sweep); `tablet`: 768 px and up;
 * `laptop`: 1200 px and up; `wide`: 1600 px and up. */
export type ColumnFrom = 'phone' | 'tablet' | 'laptop' | 'wide';

export type ResponsiveColumn<T> = TableColumnType<T> & { key: Key; from?: ColumnFrom };

/** The class of a key column's cells: the layout sweep fails when one is not in sight without scrolling. */
export const KEY_COLUMN_CLASS = 'oj-key-col';

/** What a column shows in a row's details: its render's output, or the row's value at its dataIndex. */
const cellOf = <T,>(column: TableColumnType<T>, row: T, index: number): ReactNode => {
  const path = column.dataIndex as string | number | (string | number)[] | undefined;
  let value: unknown;
  if (path !== undefined) {
    value = row;
    for (const k of Array.isArray(path) ? path : [path]) value = (value as Record<string, unknown> | undefined)?.[k];
  }
  const render = column.render as ((v: unknown, r: T, i: number) => unknown) | undefined;
  const out = render ? render(value, row, index) : value;
  // A render may answer antd's {children, props} cell shape.
  return (out && typeof out === 'object' && 'children' in out ? out.children : out) as ReactNode;
};

/**
 * One table's columns for the screen it is on: each column says from which width it shows (`from`); the ones a
 * narrower screen leaves out are listed, title and value, in the row's expandable details, so a phone shows what
 * matters first (the verdict, the problem, the score) and the rest on demand, and no list scrolls sideways at
 * 1366 px. On a phone the columns lose their fixed widths and the table fits the screen; wider, it is as wide as its
 * content and scrolls inside its box only if that content is wider than the screen. Below 1200 px no column is
 * pinned.
 */
export const useResponsiveColumns = <T,>(
  columns: ResponsiveColumn<T>[],
): Pick<TableProps<T>, 'columns' | 'expandable' | 'scroll'> => {
  const belowWide = useMaxWidth(1600);
  const belowLaptop = useMaxWidth(1200);
  const phone = useMaxWidth(768);
  const hiddenFrom = new Set<ColumnFrom>([
    ...(belowWide ? (['wide'] as const) : []),
    ...(belowLaptop ? (['laptop'] as const) : []),
    ...(phone ? (['tablet'] as const) : []),
  ]);
  const shown: TableColumnType<T>[] = [];
  for (const c of columns) {
    const from = c.from ?? 'phone';
    if (hiddenFrom.has(from)) continue;
    const column: TableColumnType<T> = { ...(c as TableColumnType<T>) };
    delete (column as { from?: ColumnFrom }).from;
    if (from === 'phone') column.className = [c.className, KEY_COLUMN_CLASS].filter(Boolean).join(' ');
    // Pins only where the table is meant to fit (a laptop and up): on a narrower screen a pinned column would lie
    // over the key columns of a table that scrolls in its box.
    if (belowLaptop) column.fixed = undefined;
    if (phone) column.width = undefined;
    shown.push(column);
  }
  const hidden = columns.filter((c) => hiddenFrom.has(c.from ?? 'phone'));
  return {
    columns: shown,
    scroll: phone ? undefined : { x: 'max-content' },
    expandable: hidden.length
      ? {
          columnWidth: 32,
          expandedRowRender: (row, index) => (
            <dl className="oj-row-details">
              {hidden.map((c) => (
                <Fragment key={c.key}>
                  <dt>{c.title as ReactNode}</dt>
                  <dd>{cellOf(c, row, index)}</dd>
                </Fragment>
              ))}
            </dl>
          ),
        }
      : undefined,
  };
};
