import type { ReactNode } from 'react';
import './panel.css';

/** A titled white box. antd's Card pulls in Tabs, too heavy for the first visit (decision 0004's bundle budget).
 * The header keeps the title whole: when the extra controls do not fit beside it they wrap below it. */
export const Panel = ({ title, extra, children }: { title?: ReactNode; extra?: ReactNode; children: ReactNode }) => (
  <section className="oj-panel">
    {(title || extra) && (
      <header className="oj-panel__header">
        <h2 className="oj-panel__title">{title}</h2>
        {extra && <div className="oj-panel__extra">{extra}</div>}
      </header>
    )}
    <div className="oj-panel__body">{children}</div>
  </section>
);
