/** `%text%` for LIKE/ILIKE ("contains"), with the wildcards and the escape character of the text escaped. */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}
