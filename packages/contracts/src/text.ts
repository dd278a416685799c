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
