/**
 * What the SAML service provider refuses, as a code and an English message written for the
 * IT admin who sets up the connection: it names the value received and the one expected
 * (fingerprints, addresses, entity IDs), so the admin can fix the identity provider's side.
 * `details` carries the same values for a screen that shows the refusal in another language.
 */
import type { SamlRefusalCode } from '@console/contracts';

// The codes are the contracts' (the screen translates them); the messages are written here.
export { type SamlRefusalCode, samlRefusalCodes } from '@console/contracts';

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
