import { describe, expect, it, vi } from 'vitest';
import { serverPaging } from './paging';

describe('serverPaging', () => {
  it('pages at a fixed size with no size changer, and counts 0 until the server answers', () => {
    const onChange = vi.fn();
    expect(serverPaging(2, 30, undefined, onChange)).toEqual({
      current: 2,
      pageSize: 30,
      total: 0,
      showSizeChanger: false,
      onChange,
    });
    expect(serverPaging(1, 10, 45, onChange, { hideOnSinglePage: true })).toMatchObject({
      total: 45,
      showSizeChanger: false,
      hideOnSinglePage: true,
    });
  });
});
