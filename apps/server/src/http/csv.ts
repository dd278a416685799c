/** CSV answers: cells safe to open in a spreadsheet, and a download header for any file name. */

/**
 * A CSV cell (RFC 4180 quoting), neutralised against formula injection: a cell that a
 * spreadsheet would run as a formula (it begins with =, +, -, @, a tab or a carriage
 * return) gets a leading apostrophe, so it opens as text.
 */
export function csvCell(value: string | number | null | undefined): string {
  if (value === null || value === undefined || value === '') return '';
  const text = String(value);
  const safe = /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

/** One CSV line (CRLF, as RFC 4180 and spreadsheets expect). */
export function csvLine(cells: readonly (string | number | null | undefined)[]): string {
  return `${cells.map(csvCell).join(',')}\r\n`;
}

/** RFC 6266 attachment header that survives any file name. */
export function attachment(filename: string): string {
  const ascii = filename.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(filename)}`;
}
