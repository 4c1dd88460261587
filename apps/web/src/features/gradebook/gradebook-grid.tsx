import { ArrowDownOutlined, ArrowUpOutlined, SwapOutlined } from '@ant-design/icons';
import type { Gradebook, GradebookAssignment, GradebookStudent } from '@oj/shared';
import { Button, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatPercent } from '../training/homework';
import { AssignmentDue, AssignmentKindTag, GradebookCellView } from './gradebook-cell';
import { assignmentKey, type GradebookSort, type GradebookSortKey, studentLabel } from './gradebook-model';

const SortButton = ({
  column,
  sortKey,
  sort,
  onSort,
}: {
  column: string;
  sortKey: GradebookSortKey;
  sort: GradebookSort;
  onSort: (key: GradebookSortKey) => void;
}) => {
  const { t } = useTranslation('gradebook');
  const active = sort.key === sortKey;
  const icon = !active ? (
    <SwapOutlined rotate={90} />
  ) : sort.order === 'ascend' ? (
    <ArrowUpOutlined />
  ) : (
    <ArrowDownOutlined />
  );
  return (
    <Button
      type={active ? 'link' : 'text'}
      size="small"
      icon={icon}
      aria-label={t('Gradebook_Sort_By', { column })}
      aria-pressed={active}
      onClick={() => onSort(sortKey)}
    />
  );
};

const ariaSort = (sort: GradebookSort, key: GradebookSortKey) =>
  sort.key === key ? (sort.order === 'ascend' ? 'ascending' : 'descending') : undefined;

/** The class grid (a laptop and up): a student per row with the name pinned on the left, an assignment per column
 * with the header pinned on top, the total last, the class average in the footer. A header or a cell opens the
 * assignment problem by problem; the arrows sort. It scrolls inside its own box, never the page. */
export const GradebookGrid = ({
  book,
  columns,
  students,
  sort,
  onSort,
  onOpen,
}: {
  book: Gradebook;
  columns: { assignment: GradebookAssignment; index: number }[];
  students: GradebookStudent[];
  sort: GradebookSort;
  onSort: (key: GradebookSortKey) => void;
  onOpen: (a: GradebookAssignment) => void;
}) => {
  const { t } = useTranslation('gradebook');
  const head = (key: GradebookSortKey, label: string, body: ReactNode, className = '') => (
    <th scope="col" className={className} aria-sort={ariaSort(sort, key)}>
      <div className="oj-gradebook-head">
        <div className="oj-gradebook-head__body">{body}</div>
        <SortButton column={label} sortKey={key} sort={sort} onSort={onSort} />
      </div>
    </th>
  );
  return (
    <div className="oj-gradebook-scroll">
      <table className="oj-gradebook" aria-label={t('Gradebook')}>
        <thead>
          <tr>
            {head('student', t('Gradebook_Student'), t('Gradebook_Student'), 'oj-gradebook-sticky')}
            {columns.map(({ assignment: a }) =>
              head(
                assignmentKey(a),
                a.title,
                <>
                  <Button
                    type="link"
                    size="small"
                    className="oj-gradebook-title"
                    aria-label={t('Gradebook_Open_Assignment', { title: a.title })}
                    onClick={() => onOpen(a)}
                  >
                    {a.title}
                  </Button>
                  <div className="oj-gradebook-head__meta">
                    <AssignmentKindTag a={a} />
                    <AssignmentDue a={a} />
                  </div>
                </>,
              ),
            )}
            {head('total', t('Gradebook_Total'), t('Gradebook_Total'))}
          </tr>
        </thead>
        <tbody>
          {students.map((s) => (
            <tr key={s.uid}>
              <th scope="row" className="oj-gradebook-sticky">
                <span className="oj-gradebook-name">{s.username}</span>
                {s.realname && (
                  <Typography.Text type="secondary" className="oj-gradebook-realname">
                    {s.realname}
                  </Typography.Text>
                )}
              </th>
              {columns.map(({ assignment: a, index }) => {
                const cell = s.cells[index];
                return (
                  <td key={assignmentKey(a)}>
                    {cell && (
                      <button
                        type="button"
                        className="oj-gradebook-open"
                        aria-label={t('Gradebook_Open_Cell', { student: studentLabel(s), title: a.title })}
                        onClick={() => onOpen(a)}
                      >
                        <GradebookCellView a={a} cell={cell} />
                      </button>
                    )}
                  </td>
                );
              })}
              <td className="oj-gradebook-total">
                <strong>{formatPercent(s.total)}</strong>
              </td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr>
            <th scope="row" className="oj-gradebook-sticky">
              {t('Gradebook_Class_Average')}
            </th>
            {columns.map(({ assignment: a }) => (
              <td key={assignmentKey(a)}>{formatPercent(a.average)}</td>
            ))}
            <td className="oj-gradebook-total">{formatPercent(book.average)}</td>
          </tr>
        </tfoot>
      </table>
    </div>
  );
};
