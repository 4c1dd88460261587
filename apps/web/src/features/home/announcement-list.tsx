import { home } from '@oj/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Button, Spin } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Panel } from '../../components/panel';
import { api } from '../../lib/api';
import './announcement-list.css';
import { queryKey } from '../../lib/query-keys';

export const ANNOUNCEMENT_PAGE_SIZE = 5;
/** The pager shows 5 page buttons. */
const PAGER_BUTTONS = 5;

export const pagerWindow = (current: number, pages: number) => {
  const first = Math.max(1, Math.min(current - Math.floor(PAGER_BUTTONS / 2), pages - PAGER_BUTTONS + 1));
  return Array.from({ length: Math.min(PAGER_BUTTONS, pages) }, (_, i) => first + i);
};

/** Site announcements, paged. Content shows as plain text until the markdown renderer arrives (lazily). */
export const AnnouncementList = () => {
  const { t } = useTranslation();
  const [currentPage, setCurrentPage] = useState(1);
  const { data, isLoading } = useQuery({
    queryKey: queryKey(home.getCommonAnnouncement, currentPage),
    queryFn: () => api.call(home.getCommonAnnouncement, { currentPage, limit: ANNOUNCEMENT_PAGE_SIZE }),
    placeholderData: keepPreviousData,
  });
  const pages = data ? Math.ceil(data.total / ANNOUNCEMENT_PAGE_SIZE) : 0;

  return (
    <Panel title={t('Announcement')}>
      <Spin spinning={isLoading}>
        {data && data.records.length === 0 && <p className="oj-announcements__empty">{t('No_Announcements')}</p>}
        <ul className="oj-announcements">
          {data?.records.map((a) => (
            <li key={a.id} className="oj-announcements__item">
              <h3 className="oj-announcements__title">{a.title}</h3>
              <div className="oj-announcements__meta">
                {a.username} · {dayjs(a.gmtCreate).format('YYYY-MM-DD HH:mm')}
              </div>
              <p className="oj-announcements__content">{a.content}</p>
            </li>
          ))}
        </ul>
        {pages > 1 && (
          <nav className="oj-announcements__pager" aria-label={t('Announcement')}>
            {pagerWindow(currentPage, pages).map((p) => (
              <Button
                key={p}
                size="small"
                type={p === currentPage ? 'primary' : 'default'}
                aria-current={p === currentPage ? 'page' : undefined}
                onClick={() => setCurrentPage(p)}
              >
                {p}
              </Button>
            ))}
          </nav>
        )}
      </Spin>
    </Panel>
  );
};
