/**
 * What the SAML service provider refuses, as a code and an English message written for the
 * IT admin who sets up the connection: it names the value received and the one expected
 * (fingerprints, addresses, entity IDs), so the admin can fix the identity provider's side.
 * `details` carries the same values for a screen that shows the refusal in another language.
 */
export const samlRefusalCodes = [
  'SAML_TOO_LARGE',
  'SAML_MALFORMED',
  'SAML_DTD_NOT_ALLOWED',
  'SAML_NOT_A_RESPONSE',
  'SAML_STATUS_NOT_SUCCESS',
  'SAML_ENCRYPTED_ASSERTION',
  'SAML_ASSERTION_COUNT',
  'SAML_SIGNATURE_MISSING',
  'SAML_SIGNATURE_MISPLACED',
  'SAML_SIGNATURE_REFERENCE',
  'SAML_WEAK_ALGORITHM',
  'SAML_UNSUPPORTED_ALGORITHM',
  'SAML_TRANSFORM_NOT_ALLOWED',
  'SAML_UNTRUSTED_CERTIFICATE',
  'SAML_SIGNATURE_INVALID',
  'SAML_CONTENT_ALTERED',
  'SAML_ISSUER_MISMATCH',
  'SAML_AUDIENCE_MISMATCH',
  'SAML_DESTINATION_MISMATCH',
  'SAML_RECIPIENT_MISMATCH',
  'SAML_IN_RESPONSE_TO_MISMATCH',
  'SAML_UNSOLICITED',
  'SAML_NOT_YET_VALID',
  'SAML_EXPIRED',
  'SAML_SUBJECT_CONFIRMATION_MISSING',
  'SAML_NAME_ID_MISSING',
  'SAML_AUTHN_STATEMENT_MISSING',
  'SAML_REPLAYED',
  'SAML_METADATA_INVALID',
  'SAML_REQUEST_INVALID',
] as const;

export type SamlRefusalCode = (typeof samlRefusalCodes)[number];

export interface SamlRefusal {
  code: SamlRefusalCode;
  message: string;
  details?: Record<string, string | string[]>;
}

/** Thrown inside the checks and turned into a returned refusal at their edge; never escapes this folder's functions as an exception except from the builders, whose bad input is the caller's. */
export class SamlRefused extends Error {
  constructor(
    readonly code: SamlRefusalCode,
    message: string,
    readonly details?: Record<string, string | string[]>,
  ) {
    super(message);
    this.name = 'SamlRefused';
  }

  toRefusal(): SamlRefusal {
    return { code: this.code, message: this.message, ...(this.details ? { details: this.details } : {}) };
  }
}

export function refuse(code: SamlRefusalCode, message: string, details?: Record<string, string | string[]>): never {
  throw new SamlRefused(code, message, details);
}
