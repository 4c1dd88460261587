import { useEffect } from 'react';
import { useWebsiteConfig } from '../features/site/use-website-config';

export const formatTitle = (productName: string | undefined, pageTitle: string | undefined) =>
  [productName, pageTitle].filter(Boolean).join(' - ');

/** Window title: "<product name> - <page title>", the name from get-website-config. */
export const usePageTitle = (pageTitle: string | undefined) => {
  const name = useWebsiteConfig().data?.name;
  useEffect(() => {
    if (pageTitle === undefined) return;
    const title = formatTitle(name, pageTitle);
    if (title) document.title = title;
  }, [name, pageTitle]);
};
