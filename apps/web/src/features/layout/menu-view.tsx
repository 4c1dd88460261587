import type { MenuProps } from 'antd';
import { Link } from 'react-router';
import type { TranslationKey } from '../../locales/zh-cn';
import type { MenuEntry } from './menu-items';

type Items = NonNullable<MenuProps['items']>;

/** Menu entries (data) to antd Menu items: in-app links, the external link in a new window, submenus. */
export const toMenuItems = (
  entries: MenuEntry[],
  t: (key: TranslationKey) => string,
  preliminaryUrl: string | undefined,
): Items =>
  entries.map((e) => {
    if (e.children) return { key: e.key, label: t(e.labelKey), children: toMenuItems(e.children, t, preliminaryUrl) };
    if (e.external === 'preliminary') {
      return {
        key: e.key,
        label: (
          <a href={preliminaryUrl} target="_blank" rel="noopener noreferrer">
            {t(e.labelKey)}
          </a>
        ),
      };
    }
    return { key: e.key, label: <Link to={e.path ?? '/home'}>{t(e.labelKey)}</Link> };
  });
