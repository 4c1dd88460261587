import { useEffect } from 'react';
import { useWebsiteConfig } from '../features/site/use-website-config';
import { createStore, useStore } from './create-store';

export const formatTitle = (productName: string | undefined, pageTitle: string | undefined) =>
  [productName, pageTitle].filter(Boolean).join(' - ');

/** The title a page gives itself (a contest's name, another user's home), over its route's title while shown. */
const ownTitle = createStore<string | undefined>(undefined);

/** A page's own window title, e.g. from data it loaded; the frame shows it instead of the route's title. */
export const useOwnPageTitle = (title: string | undefined) => {
  useEffect(() => {
    if (!title) return;
    ownTitle.set(title);
    return () => ownTitle.set((shown) => (shown === title ? undefined : shown));
  }, [title]);
};

/** Window title: "<product name> - <page title>", the name from get-website-config; for the frames, with their
 * route's title (a page's own title, when it sets one, wins). */
export const usePageTitle = (pageTitle: string | undefined) => {
  const name = useWebsiteConfig().data?.name;
  const own = useStore(ownTitle);
  const shown = own ?? pageTitle;
  useEffect(() => {
    if (shown === undefined) return;
    const title = formatTitle(name, shown);
    if (title) document.title = title;
  }, [name, shown]);
};
