/**
 * Text a request may carry. PostgreSQL cannot store the NUL character (U+0000) in a text
 * column (nor in jsonb), so a string holding one failed deep in a query as a 500. Every
 * string of a request schema (params, query, body, multipart fields) starts from `text()`,
 * so such a request is refused at the edge with a 400 VALIDATION_ERROR naming the field,
 * and a form shows the message code in the user's language. `request-text.test.ts` (server)
 * walks every route table and fails on a request string that does not.
 */
import { z } from 'zod';

/** The field message (a code the web app translates, lib/validation.ts). */
export const INVALID_CHARACTER = 'invalidCharacter';

/** No NUL character: what PostgreSQL's text can hold. */
export const isStorableText = (value: string): boolean => !value.includes('\u0000');

/** `z.string()` for requests: refuses a NUL character first, then the chain's own checks. */
export const text = () => z.string().refine(isStorableText, INVALID_CHARACTER);

/** The field message of a name holding a control or direction-changing character. */
export const NAME_CHARACTER = 'nameCharacter';

/**
 * What a name may not hold, as the body of a character class (JavaScript's and
 * PostgreSQL's regular expressions read it alike): C0 and C1 controls (NUL, TAB, CR, LF…),
 * the left-to-right and right-to-left marks, the embeddings and overrides (U+202A–U+202E),
 * the isolates (U+2066–U+2069) and the Arabic letter mark. With them a name can show as
 * another in People, the audit trail or an export, or break a line of either. NUL is left
 * out of the class only because PostgreSQL cannot take it as a parameter: isPlainName
 * refuses it too (isStorableText), and an import's file never stages one.
 */
export const NAME_FORBIDDEN_CHARACTERS = '\u0001-\u001F\u007F-\u009F\u200E\u200F\u202A-\u202E\u2066-\u2069\u061C';
const forbiddenInName = new RegExp(`[${NAME_FORBIDDEN_CHARACTERS}]`);

/** Whether a name holds none of NAME_FORBIDDEN_CHARACTERS, nor NUL. */
export const isPlainName = (value: string): boolean => isStorableText(value) && !forbiddenInName.test(value);

/** `text()` for a name people read (a person's, an organization's): no control or direction-changing character. */
export const nameText = () => text().refine(isPlainName, NAME_CHARACTER);
