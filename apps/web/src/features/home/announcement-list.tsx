import { home } from '@oj/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Button, Spin } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MarkdownView } from '../../components/markdown-view';
import { Panel } from '../../components/panel';
import { api } from '../../lib/api';
import { plainExcerpt } from '../../lib/plain-excerpt';
import './announcement-list.css';
import { queryKey } from '../../lib/query-keys';

export const ANNOUNCEMENT_PAGE_SIZE = 5;
/** The pager shows 5 page buttons. */
const PAGER_BUTTONS = 5;

export const pagerWindow = (current: number, pages: number) => {
  const first = Math.max(1, Math.min(current - Math.floor(PAGER_BUTTONS / 2), pages - PAGER_BUTTONS + 1));
  return Array.from({ length: Math.min(PAGER_BUTTONS, pages) }, (_, i) => first + i);
};

/** Site announcements, paged: each shows a plain-text excerpt of its markdown; its title opens it rendered. */
export const AnnouncementList = () => {
  const { t } = useTranslation();
  const [currentPage, setCurrentPage] = useState(1);
  const [open, setOpen] = useState<number | null>(null);
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
              <h3 className="oj-announcements__title">
                <button
                  type="button"
                  className="oj-announcements__toggle"
                  aria-expanded={open === a.id}
                  onClick={() => setOpen(open === a.id ? null : a.id)}
                >
                  {a.title}
                </button>
              </h3>
              <div className="oj-announcements__meta">
                {a.username} · {dayjs(a.gmtCreate).format('YYYY-MM-DD HH:mm')}
              </div>
              {open === a.id ? (
                <div className="oj-announcements__content">
                  <MarkdownView source={a.content} />
                </div>
              ) : (
                <p className="oj-announcements__excerpt">{plainExcerpt(a.content)}</p>
              )}
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
