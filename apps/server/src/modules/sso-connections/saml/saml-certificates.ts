/**
 * Identity providers' signing certificates: read from metadata or pasted PEM, named by their
 * SHA-256 fingerprint (what an admin compares with the identity provider's screen), and
 * watched for expiry. The certificate's own validity dates do not decide whether a signature
 * is trusted (identity providers keep signing with expired self-signed certificates, and the
 * trust is the admin's choice of this certificate); they only warn the admin in time.
 */
import { X509Certificate } from 'node:crypto';
import { refuse } from './saml-refusal.js';

export interface SigningCertificate {
  /** PEM, one certificate. */
  pem: string;
  /** SHA-256 of the DER, upper-case hex pairs joined by colons, as identity providers show it. */
  fingerprint: string;
  notAfter: Date;
  notBefore: Date;
  subject: string;
}

const BASE64 = /^[A-Za-z0-9+/]+={0,2}$/;
/** RSA keys below this size are refused: 2048 bits is the floor every identity provider meets. */
const MIN_RSA_BITS = 2048;

/** Reads one certificate given as PEM or as the bare base64 of metadata's `X509Certificate`. */
export function readCertificate(text: string): SigningCertificate {
  const body = text
    .replace(/-----BEGIN CERTIFICATE-----/, '')
    .replace(/-----END CERTIFICATE-----/, '')
    .replace(/\s+/g, '');
  if (
    body.length === 0 ||
    body.length % 4 !== 0 ||
    !BASE64.test(body) ||
    /-----/.test(text.replace(/-----(BEGIN|END) CERTIFICATE-----/g, ''))
  ) {
    refuse('SAML_METADATA_INVALID', 'A signing certificate is not a base64-encoded X.509 certificate.');
  }
  let cert: X509Certificate;
  try {
    cert = new X509Certificate(Buffer.from(body, 'base64'));
  } catch {
    refuse('SAML_METADATA_INVALID', 'A signing certificate could not be read as an X.509 certificate.');
  }
  const key = cert.publicKey;
  if (key.asymmetricKeyType !== 'rsa' && key.asymmetricKeyType !== 'rsa-pss') {
    refuse('SAML_METADATA_INVALID', `A signing certificate holds a ${key.asymmetricKeyType} key; only RSA signing keys are supported.`);
  }
  const bits = key.asymmetricKeyDetails?.modulusLength ?? 0;
  if (bits < MIN_RSA_BITS) {
    refuse('SAML_METADATA_INVALID', `A signing certificate holds a ${bits}-bit RSA key; at least ${MIN_RSA_BITS} bits are required.`);
  }
  return {
    pem: toPem(body),
    fingerprint: cert.fingerprint256,
    notAfter: new Date(cert.validTo),
    notBefore: new Date(cert.validFrom),
    subject: cert.subject.replace(/\n/g, ', '),
  };
}

function toPem(base64: string): string {
  const lines = base64.match(/.{1,64}/g) ?? [];
  return `-----BEGIN CERTIFICATE-----\n${lines.join('\n')}\n-----END CERTIFICATE-----\n`;
}

/** The fingerprint of a certificate's base64 body, or null when it cannot be read (an unsigned response's KeyInfo is only ever named, never trusted). */
export function fingerprintOf(base64OrPem: string): string | null {
  try {
    return readCertificate(base64OrPem).fingerprint;
  } catch {
    return null;
  }
}

export type CertificateWarning =
  | { kind: 'expired'; fingerprint: string; notAfter: Date }
  | { kind: 'expires_soon'; fingerprint: string; notAfter: Date; daysLeft: number };

export const EXPIRY_WARNING_DAYS = 30;
const DAY_MS = 86_400_000;

/**
 * Warnings for certificates that expired or expire within `days` of `now`. A connection with a
 * newer certificate beside an expiring one still gets the warning for the old one: the admin
 * should remove it once the identity provider has rolled over.
 */
export function certificateWarnings(
  certificates: readonly SigningCertificate[],
  now: Date,
  days = EXPIRY_WARNING_DAYS,
): CertificateWarning[] {
  const warnings: CertificateWarning[] = [];
  for (const c of certificates) {
    const left = c.notAfter.getTime() - now.getTime();
    if (left <= 0) warnings.push({ kind: 'expired', fingerprint: c.fingerprint, notAfter: c.notAfter });
    else if (left <= days * DAY_MS)
      warnings.push({ kind: 'expires_soon', fingerprint: c.fingerprint, notAfter: c.notAfter, daysLeft: Math.ceil(left / DAY_MS) });
  }
  return warnings;
}
