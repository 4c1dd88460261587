import type { Locale } from '@oj/shared';
import { useTranslation } from 'react-i18next';

/** The interface language as the shared tables' locale key (role, permission and audit action names). */
export const useAdminLocale = (): Locale => {
  const { i18n } = useTranslation();
  return i18n.language === 'en-US' ? 'en-US' : 'zh-CN';
};
