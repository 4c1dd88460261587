/** The server's time zone: its days (limits, heatmaps) and the times its messages name. */
export const SERVER_TIME_ZONE = Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';

/** Midnight of the server's day (the window of the switches' daily limits: posts, groups). */
export const startOfDay = (d: Date) => {
  const day = d.toLocaleDateString('en-CA', { timeZone: SERVER_TIME_ZONE });
  const midnightUtc = new Date(`${day}T00:00:00Z`);
  const local = new Date(midnightUtc.toLocaleString('en-US', { timeZone: SERVER_TIME_ZONE }));
  return new Date(midnightUtc.getTime() - (local.getTime() - midnightUtc.getTime()));
};
