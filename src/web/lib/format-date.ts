/** Instants shown in the browser: the reader's own time zone, the shop's one format. */
export { formatDate, formatDateTime } from '../../shared/format.js';
