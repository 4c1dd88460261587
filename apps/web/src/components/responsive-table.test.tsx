import { fireEvent, render, screen, within } from '@testing-library/react';
import { Table } from 'antd';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { screenWidth } from '../test-utils';
import { KEY_COLUMN_CLASS, type ResponsiveColumn, useResponsiveColumns } from './responsive-table';

type Row = { id: number; verdict: string; problem: string; author: string; memory: number };
const ROWS: Row[] = [{ id: 1, verdict: 'Accepted', problem: 'A+B', author: 'alice', memory: 2048 }];

const List = () => {
  const columns: ResponsiveColumn<Row>[] = [
    { key: 'verdict', title: 'Verdict', dataIndex: 'verdict', width: 190 },
    { key: 'problem', title: 'Problem', dataIndex: 'problem', width: 240 },
    { key: 'author', title: 'Author', dataIndex: 'author', from: 'tablet', width: 120 },
    { key: 'memory', title: 'Memory', dataIndex: 'memory', from: 'wide', render: (kb: number) => `${kb / 1024} MB` },
  ];
  return <Table<Row> rowKey="id" dataSource={ROWS} pagination={false} {...useResponsiveColumns(columns)} />;
};

const headers = () => screen.getAllByRole('columnheader').map((h) => h.textContent);

describe('tables on narrow screens', () => {
  afterEach(() => vi.restoreAllMocks());

  it('shows a phone the key columns, and the others in a row’s details', () => {
    screenWidth(390);
    render(<List />);
    expect(headers().filter(Boolean)).toEqual(['Verdict', 'Problem']);
    expect(screen.getByRole('columnheader', { name: 'Verdict' }).classList).toContain(KEY_COLUMN_CLASS);
    expect(screen.queryByText('alice')).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: /expand/i }));
    const details = screen.getAllByRole('definition')[0].closest('dl') as HTMLElement;
    expect(
      within(details)
        .getAllByRole('term')
        .map((t) => t.textContent),
    ).toEqual(['Author', 'Memory']);
    expect(within(details).getByText('alice')).toBeTruthy();
    expect(within(details).getByText('2 MB')).toBeTruthy();
  });

  it('shows a laptop every column but the wide-screen ones, a wide screen all of them and no details', () => {
    screenWidth(1366);
    const laptop = render(<List />);
    expect(headers().filter(Boolean)).toEqual(['Verdict', 'Problem', 'Author']);
    laptop.unmount();

    screenWidth(1920);
    render(<List />);
    expect(headers()).toEqual(['Verdict', 'Problem', 'Author', 'Memory']);
    expect(screen.queryByRole('button', { name: /expand/i })).toBeNull();
  });
});
