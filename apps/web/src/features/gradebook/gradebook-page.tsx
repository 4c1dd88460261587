import { DownloadOutlined } from '@ant-design/icons';
import { gradebook as contract, type GradebookAssignment, group as groupContract } from '@oj/shared';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Checkbox, Empty, Input, Select, Space, Spin, Tag, Typography } from 'antd';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../lib/api';
import { saveBlob } from '../../lib/http-client';
import { useLiveEvent, useLiveGroup, useLiveGroupUp, useLiveOpen } from '../../lib/live-events';
import { MOBILE_MAX_WIDTH } from '../../lib/notify';
import { queryKey } from '../../lib/query-keys';
import { readAgain } from '../../lib/read-again';
import { useMaxWidth } from '../../lib/use-media-query';
import { useGroupContext } from '../group/group-context';
import { AssignmentMatrixDrawer, gradebookKeys } from './assignment-matrix';
import { GradebookGrid } from './gradebook-grid';
import {
  assignmentKey,
  filterStudents,
  GRADEBOOK_LIVE_DEBOUNCE_MS,
  GRADEBOOK_POLL_MS,
  type GradebookFilter,
  type GradebookSort,
  NO_FILTER,
  nextSort,
  shownAssignments,
  sortStudents,
} from './gradebook-model';
import { GradebookPhone } from './gradebook-phone';
import { StuckPanel } from './stuck-panel';
import './gradebook.css';

/** Reads the gradebook (and any open assignment) again after a burst of live events has been quiet for the debounce:
 * one read for a class submitting at once. */
const useDebouncedReread = (gid: number) => {
  const queryClient = useQueryClient();
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );
  return () => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = setTimeout(() => {
      timer.current = null;
      for (const key of gradebookKeys(gid)) void readAgain(queryClient, key);
    }, GRADEBOOK_LIVE_DEBOUNCE_MS);
  };
};

export const downloadGradebook = async (gid: number, format: 'xlsx' | 'csv') => {
  const file = await api.download(contract.downloadGroupGradebook, { gid, format });
  if (file) saveBlob(file);
};

/** /group/:groupID/gradebook (GroupGradebook, decision 0052): the group's admins' class gradebook. The grid (a laptop
 * and up; a phone gets one student or one assignment at a time), its filters, sort and exports, an assignment problem
 * by problem with the students' extensions, and who is stuck. Live: the stream opened with the group's id says when
 * a verdict changed; without it the page reads every 30 s. */
const GradebookPage = () => {
  const { t } = useTranslation(['gradebook', 'training', 'submission']);
  const { gid, role } = useGroupContext();
  const admin = groupContract.isGroupAdmin(role);
  const phone = useMaxWidth(MOBILE_MAX_WIDTH);
  const live = useLiveGroupUp(gid);
  useLiveGroup(admin ? gid : undefined);
  const book = useQuery({
    queryKey: queryKey(contract.getGroupGradebook, gid),
    queryFn: () => api.call(contract.getGroupGradebook, { gid }),
    enabled: admin,
    placeholderData: keepPreviousData,
    refetchInterval: live ? false : GRADEBOOK_POLL_MS,
  });
  const reread = useDebouncedReread(gid);
  useLiveEvent('gradebook', (e) => {
    if (e.gid === gid) reread();
  });
  // A stream that (re)opens tells only what changes from then on: what changed before is read once more.
  useLiveOpen(() => {
    if (admin) reread();
  });

  const [filter, setFilter] = useState<GradebookFilter>(NO_FILTER);
  const [sort, setSort] = useState<GradebookSort>({ key: 'student', order: 'ascend' });
  const [open, setOpen] = useState<GradebookAssignment | null>(null);
  const [exporting, setExporting] = useState<'xlsx' | 'csv' | null>(null);
  const data = book.data;
  const columns = useMemo(() => (data ? shownAssignments(data, filter) : []), [data, filter]);
  const students = useMemo(
    () => (data ? sortStudents(data, filterStudents(data, filter), sort) : []),
    [data, filter, sort],
  );
  const patch = (p: Partial<GradebookFilter>) => setFilter((f) => ({ ...f, ...p }));
  const exportAs = async (format: 'xlsx' | 'csv') => {
    setExporting(format);
    try {
      await downloadGradebook(gid, format);
    } finally {
      setExporting(null);
    }
  };

  if (!admin) return <Alert type="warning" showIcon title={t('Gradebook_Admin_Only')} />;
  if (book.isLoading) return <Spin style={{ display: 'block', padding: 96 }} />;
  if (book.error || !data) return <Alert type="error" showIcon title={book.error?.message ?? t('Gradebook')} />;

  return (
    <div className="oj-gradebook-page">
      <div className="oj-gradebook-toolbar">
        <Space wrap size={[8, 8]}>
          <Input.Search
            allowClear
            aria-label={t('Gradebook_Search')}
            placeholder={t('Gradebook_Search_Placeholder')}
            value={filter.search}
            onChange={(e) => patch({ search: e.target.value })}
            style={{ width: 260, maxWidth: '100%' }}
          />
          {!phone && (
            <Select
              aria-label={t('Gradebook_Filter_Assignment')}
              value={filter.assignment ?? ''}
              onChange={(v: string) => patch({ assignment: v || null })}
              options={[
                { value: '', label: t('Gradebook_All_Assignments') },
                ...data.assignments.map((a) => ({ value: assignmentKey(a), label: a.title })),
              ]}
              style={{ width: 220, maxWidth: '100%' }}
            />
          )}
          <Checkbox checked={filter.notStarted} onChange={(e) => patch({ notStarted: e.target.checked })}>
            {t('Gradebook_Filter_Not_Started')}
          </Checkbox>
          <Checkbox checked={filter.late} onChange={(e) => patch({ late: e.target.checked })}>
            {t('Gradebook_Filter_Late')}
          </Checkbox>
        </Space>
        <Space wrap size={[8, 8]}>
          <Tag color={live ? 'green' : 'default'}>{t(live ? 'Gradebook_Live' : 'Gradebook_Polling')}</Tag>
          <Button icon={<DownloadOutlined />} loading={exporting === 'xlsx'} onClick={() => void exportAs('xlsx')}>
            {t('Gradebook_Export_Xlsx')}
          </Button>
          <Button icon={<DownloadOutlined />} loading={exporting === 'csv'} onClick={() => void exportAs('csv')}>
            {t('Gradebook_Export_Csv')}
          </Button>
        </Space>
      </div>
      <Typography.Text type="secondary" style={{ display: 'block', marginBottom: 8 }}>
        {t('Gradebook_Students_Count', { shown: students.length, total: data.students.length })}
      </Typography.Text>
      {data.assignments.length === 0 ? (
        <Empty description={t('Gradebook_Empty_Assignments')} />
      ) : data.students.length === 0 ? (
        <Empty description={t('Gradebook_Empty_Students')} />
      ) : students.length === 0 ? (
        <Empty description={t('Gradebook_No_Match')} />
      ) : phone ? (
        <GradebookPhone book={data} columns={columns} students={students} onOpen={setOpen} />
      ) : (
        <GradebookGrid
          book={data}
          columns={columns}
          students={students}
          sort={sort}
          onSort={(key) => setSort((s) => nextSort(s, key))}
          onOpen={setOpen}
        />
      )}
      <StuckPanel gid={gid} />
      {open && <AssignmentMatrixDrawer gid={gid} assignment={open} phone={phone} onClose={() => setOpen(null)} />}
    </div>
  );
};

export default GradebookPage;
