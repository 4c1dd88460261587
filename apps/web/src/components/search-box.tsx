import { Input } from 'antd';
import type { CSSProperties } from 'react';

/** A list's search box: its placeholder names it, it can be cleared, and a search gets the words trimmed (a cleared
 * box searches for ''). */
export const SearchBox = ({
  label,
  onSearch,
  style = { width: 220, maxWidth: '100%' },
}: {
  label: string;
  onSearch: (words: string) => void;
  style?: CSSProperties;
}) => (
  <Input.Search
    aria-label={label}
    placeholder={label}
    allowClear
    style={style}
    onSearch={(value) => onSearch(value.trim())}
  />
);
