import type { Locale } from '@oj/shared';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '../../lib/i18n';

/** The interface language as the shared tables' locale key (role, permission and audit action names). The hook
 * subscribes to language changes, so the caller re-renders in the new language. */
export const useAdminLocale = (): Locale => {
  useTranslation();
  return currentLanguage();
};
