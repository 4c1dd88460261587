import type { Gradebook, GradebookAssignment, GradebookStudent } from '@oj/shared';
import { Empty, Segmented, Select, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatPercent } from '../training/homework';
import { AssignmentDue, AssignmentKindTag, GradebookCellView } from './gradebook-cell';
import { assignmentKey, studentLabel } from './gradebook-model';

type View = 'student' | 'assignment';

/** The gradebook on a phone: no grid to scroll sideways, but one student at a time (his assignments as a list) or
 * one assignment at a time (its students as a list, in the page's sort order). An item opens the assignment problem
 * by problem. */
export const GradebookPhone = ({
  book,
  columns,
  students,
  onOpen,
}: {
  book: Gradebook;
  columns: { assignment: GradebookAssignment; index: number }[];
  students: GradebookStudent[];
  onOpen: (a: GradebookAssignment) => void;
}) => {
  const { t } = useTranslation('gradebook');
  const [view, setView] = useState<View>('student');
  const [uid, setUid] = useState<string | null>(null);
  const [key, setKey] = useState<string | null>(null);
  const student = students.find((s) => s.uid === uid) ?? students[0];
  const column = columns.find((c) => assignmentKey(c.assignment) === key) ?? columns[0];
  return (
    <div className="oj-gradebook-phone">
      <Segmented<View>
        block
        aria-label={t('Gradebook_View')}
        value={view}
        onChange={setView}
        options={[
          { value: 'student', label: t('Gradebook_By_Student') },
          { value: 'assignment', label: t('Gradebook_By_Assignment') },
        ]}
        style={{ marginBottom: 12 }}
      />
      {view === 'student' ? (
        <>
          <Select
            showSearch={{ optionFilterProp: 'label' }}
            aria-label={t('Gradebook_Choose_Student')}
            placeholder={t('Gradebook_Choose_Student')}
            value={student?.uid}
            onChange={setUid}
            options={students.map((s) => ({ value: s.uid, label: studentLabel(s) }))}
            style={{ width: '100%', marginBottom: 12 }}
          />
          {student ? (
            <>
              <div className="oj-gradebook-phone__total">
                {t('Gradebook_Total')}: <strong>{formatPercent(student.total)}</strong>
              </div>
              <ul className="oj-gradebook-cards">
                {columns.map(({ assignment: a, index }) => {
                  const cell = student.cells[index];
                  return (
                    <li key={assignmentKey(a)}>
                      <button
                        type="button"
                        className="oj-gradebook-open"
                        onClick={() => onOpen(a)}
                        aria-label={t('Gradebook_Open_Cell', { student: studentLabel(student), title: a.title })}
                      >
                        <span className="oj-gradebook-card__title">{a.title}</span>
                        <span className="oj-gradebook-card__meta">
                          <AssignmentKindTag a={a} />
                          <AssignmentDue a={a} />
                        </span>
                        {cell && <GradebookCellView a={a} cell={cell} />}
                      </button>
                    </li>
                  );
                })}
              </ul>
            </>
          ) : (
            <Empty description={t('Gradebook_No_Match')} />
          )}
        </>
      ) : (
        <>
          <Select
            aria-label={t('Gradebook_Choose_Assignment')}
            placeholder={t('Gradebook_Choose_Assignment')}
            value={column ? assignmentKey(column.assignment) : undefined}
            onChange={setKey}
            options={columns.map(({ assignment: a }) => ({ value: assignmentKey(a), label: a.title }))}
            style={{ width: '100%', marginBottom: 12 }}
          />
          {column && (
            <>
              <div className="oj-gradebook-phone__total">
                <AssignmentKindTag a={column.assignment} /> <AssignmentDue a={column.assignment} />{' '}
                <Typography.Link onClick={() => onOpen(column.assignment)}>
                  {t('Gradebook_Open_Assignment', { title: column.assignment.title })}
                </Typography.Link>
              </div>
              <div className="oj-gradebook-phone__total">
                {t('Gradebook_Class_Average')}: <strong>{formatPercent(column.assignment.average)}</strong>
              </div>
              <ul className="oj-gradebook-cards">
                {students.map((s) => {
                  const cell = s.cells[column.index];
                  return (
                    <li key={s.uid} className="oj-gradebook-card__head">
                      <span style={{ minWidth: 0, overflowWrap: 'anywhere' }}>{studentLabel(s)}</span>
                      {cell && <GradebookCellView a={column.assignment} cell={cell} />}
                    </li>
                  );
                })}
              </ul>
            </>
          )}
        </>
      )}
      {book.students.length === 0 && <Empty description={t('Gradebook_Empty_Students')} />}
    </div>
  );
};
