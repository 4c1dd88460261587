import { DatePicker } from 'antd';
import type { DatePickerProps, RangePickerProps } from 'antd/es/date-picker';
import type { KeyboardEvent } from 'react';

/** Enter in a date field's input confirms the typed date (the picker has already taken it when the key reaches the
 * wrapper) and never submits the form around it: a browser submits a form on Enter in any of its inputs, which saved
 * a contest with half its fields set. Enter on a button of the picker's panel (OK, Now) keeps its click. */
const keepEnter = (e: KeyboardEvent) => {
  if (e.key === 'Enter' && e.target instanceof HTMLInputElement) e.preventDefault();
};

/** antd's RangePicker for forms: every date field inside a form is one of these (a single-date field would wrap
 * DatePicker the same way), so Enter in it never submits the form. The wrapper takes no room of its own: the picker
 * lays out as if it were the form item's child, and gets the item's value, onChange and id. */
export const DateRangeField = (props: RangePickerProps) => (
  // biome-ignore lint/a11y/noStaticElementInteractions: a layout-free wrapper that only keeps Enter from the form; the picker inside is the control.
  <span style={{ display: 'contents' }} onKeyDown={keepEnter}>
    <DatePicker.RangePicker {...props} />
  </span>
);

/** antd's DatePicker for forms, with the same Enter rule as DateRangeField. */
export const DateField = (props: DatePickerProps) => (
  // biome-ignore lint/a11y/noStaticElementInteractions: a layout-free wrapper that only keeps Enter from the form; the picker inside is the control.
  <span style={{ display: 'contents' }} onKeyDown={keepEnter}>
    <DatePicker {...props} />
  </span>
);
