const dateTime = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });

/** An ISO instant as the browser's local date and time, e.g. "Jun 1, 2030, 12:00 PM". */
export function formatDateTime(iso: string): string {
  return dateTime.format(new Date(iso));
}
