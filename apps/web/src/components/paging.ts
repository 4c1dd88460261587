import type { TablePaginationConfig } from 'antd';

/** A Table's pagination over a list the server pages at a fixed size (so no size changer): the page shown, the size,
 * the server's total (0 until it answers) and what to do on another page; `more` adds antd's own options
 * (hideOnSinglePage, showLessItems). */
export const serverPaging = (
  current: number,
  pageSize: number,
  total: number | undefined,
  onChange: (page: number) => void,
  more: Pick<TablePaginationConfig, 'hideOnSinglePage' | 'showLessItems'> = {},
): TablePaginationConfig => ({ current, pageSize, total: total ?? 0, showSizeChanger: false, onChange, ...more });
