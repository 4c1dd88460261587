import dayjs from 'dayjs';

/** A moment as every table of the site shows it, the same in both languages: 2026-11-25 03:54 (with seconds when
 * asked). Not the browser's toLocaleString, whose order and AM/PM follow the machine, not the chosen language. */
export const formatTime = (v: string | Date, withSeconds = false) =>
  dayjs(v).format(withSeconds ? 'YYYY-MM-DD HH:mm:ss' : 'YYYY-MM-DD HH:mm');
