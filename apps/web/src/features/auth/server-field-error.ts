import type { FormInstance } from 'antd';
import { ApiError } from '../../lib/http-client';
import { i18next } from '../../lib/i18n';
import { notifyError } from '../../lib/notify';

/** The field a server error names (`data.field` of the error envelope), if any. */
export const errorField = (err: unknown) => {
  const field = err instanceof ApiError ? (err.data as { field?: unknown } | null)?.field : undefined;
  return typeof field === 'string' ? field : undefined;
};

/** The wait a 429 names (`data.seconds`, when the server sends it), in whole seconds. */
export const retryAfterSeconds = (err: unknown) => {
  const seconds = err instanceof ApiError ? Number((err.data as { seconds?: unknown } | null)?.seconds) : Number.NaN;
  return Number.isFinite(seconds) && seconds > 0 ? Math.ceil(seconds) : undefined;
};

/** Shows a failed call made with `silent`: the server's message under the field it names when the form has that
 * field, otherwise as the usual notification. */
export const showServerError = (form: FormInstance, err: unknown, fields: readonly string[]) => {
  if (!(err instanceof ApiError)) throw err;
  const field = errorField(err);
  if (field && fields.includes(field)) form.setFields([{ name: field, errors: [err.message] }]);
  else if (!err.notified) notifyError(i18next.t('Error'), err.message);
};
