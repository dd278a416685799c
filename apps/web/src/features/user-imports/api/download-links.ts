/** Files the browser downloads itself (a plain link, the session cookie goes with it). */
import { apiUrl } from '../../../lib/http';

export const userImportTemplateUrl = (columnSeparator: string) => apiUrl('user-imports/template', { columnSeparator });
export const userImportErrorsCsvUrl = (id: string) => apiUrl(`user-import/${encodeURIComponent(id)}/errors.csv`);
