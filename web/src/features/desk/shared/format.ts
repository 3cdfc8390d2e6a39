/** Dates in the viewer's own time zone and locale. */
const dateTime = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });
export const formatDate = (iso: string) => dateTime.format(new Date(iso));
