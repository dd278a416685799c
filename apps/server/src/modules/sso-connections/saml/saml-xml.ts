/**
 * The one way this folder reads XML: the same @xmldom/xmldom that xml-crypto parses with (one
 * version in the lock file, so the structure we check is the structure it verifies), after the
 * input is bounded and any DTD refused. Element look-ups go by namespace and local name,
 * never by prefix, and only through direct children, so a look-up cannot land in a subtree
 * an attacker added elsewhere.
 */
import { DOMParser } from '@xmldom/xmldom';
import { refuse } from './saml-refusal.js';

export const NS = {
  protocol: 'urn:oasis:names:tc:SAML:2.0:protocol',
  assertion: 'urn:oasis:names:tc:SAML:2.0:assertion',
  metadata: 'urn:oasis:names:tc:SAML:2.0:metadata',
  dsig: 'http://www.w3.org/2000/09/xmldsig#',
} as const;

// The DOM types of @xmldom/xmldom 0.8 are the platform's lib.dom names, which the server's
// tsconfig does not load; these are the few members this folder reads.
export interface XmlNode {
  nodeType: number;
  nodeValue: string | null;
  parentNode: XmlNode | null;
  childNodes: ArrayLike<XmlNode>;
  textContent: string | null;
  ownerDocument: XmlDocument | null;
}
export interface XmlElement extends XmlNode {
  namespaceURI: string | null;
  localName: string;
  getAttribute(name: string): string | null;
  hasAttribute(name: string): boolean;
  getElementsByTagNameNS(ns: string, name: string): ArrayLike<XmlElement>;
  setAttribute(name: string, value: string): void;
  removeChild(child: XmlNode): XmlNode;
  appendChild(child: XmlNode): XmlNode;
  insertBefore(child: XmlNode, ref: XmlNode | null): XmlNode;
  cloneNode(deep: boolean): XmlElement;
  firstChild: XmlNode | null;
}
export interface XmlDocument extends XmlNode {
  documentElement: XmlElement | null;
  getElementsByTagNameNS(ns: string, name: string): ArrayLike<XmlElement>;
  createElementNS(ns: string, qualifiedName: string): XmlElement;
  createTextNode(text: string): XmlNode;
  createComment(text: string): XmlNode;
}

const ELEMENT_NODE = 1;
const TEXT_NODE = 3;
const CDATA_NODE = 4;
const COMMENT_NODE = 8;
const PROCESSING_INSTRUCTION_NODE = 7;

/**
 * Parses untrusted XML: at most `maxBytes`, no DTD (which is where entity expansion and
 * external entities live), one root element, and every warning of the parser treated as an
 * error (a document the parser had to repair is not one we verify).
 */
export function parseStrictXml(xml: string, maxBytes: number, what: string): XmlDocument {
  if (typeof xml !== 'string' || xml.length === 0) refuse('SAML_MALFORMED', `The ${what} is empty.`);
  const bytes = Buffer.byteLength(xml, 'utf8');
  if (bytes > maxBytes) {
    refuse('SAML_TOO_LARGE', `The ${what} is ${bytes} bytes; at most ${maxBytes} are accepted.`, {
      bytes: String(bytes),
      maxBytes: String(maxBytes),
    });
  }
  if (/<!DOCTYPE/i.test(xml) || /<!ENTITY/i.test(xml)) {
    refuse(
      'SAML_DTD_NOT_ALLOWED',
      `The ${what} contains a document type declaration (DOCTYPE); SAML messages never need one, and it is refused.`,
    );
  }
  if (xml.includes('\u0000')) refuse('SAML_MALFORMED', `The ${what} contains a NUL character.`);
  const problems: string[] = [];
  const report = (message: string) => {
    problems.push(message);
  };
  let doc: XmlDocument | undefined;
  try {
    doc = new DOMParser({ errorHandler: { warning: report, error: report, fatalError: report } }).parseFromString(
      xml,
      'text/xml',
    ) as unknown as XmlDocument;
  } catch (err) {
    problems.push(err instanceof Error ? err.message : String(err));
  }
  if (problems.length > 0 || !doc?.documentElement) {
    refuse('SAML_MALFORMED', `The ${what} is not well-formed XML: ${firstLine(problems[0] ?? 'no root element')}`);
  }
  let roots = 0;
  for (const node of Array.from(doc.childNodes)) {
    if (node.nodeType === ELEMENT_NODE) roots++;
    else if (node.nodeType === TEXT_NODE && (node.nodeValue ?? '').trim() !== '') roots++;
  }
  if (roots !== 1) refuse('SAML_MALFORMED', `The ${what} must have exactly one root element.`);
  return doc;
}

function firstLine(text: string): string {
  return text.split('\n')[0].replace(/\s+/g, ' ').slice(0, 200);
}

export function isElement(node: XmlNode | null | undefined, ns: string, localName: string): node is XmlElement {
  return (
    !!node && node.nodeType === ELEMENT_NODE && (node as XmlElement).namespaceURI === ns && (node as XmlElement).localName === localName
  );
}

export function childElements(parent: XmlNode): XmlElement[] {
  return Array.from(parent.childNodes).filter((n): n is XmlElement => n.nodeType === ELEMENT_NODE);
}

export function children(parent: XmlNode, ns: string, localName: string): XmlElement[] {
  return childElements(parent).filter((n) => isElement(n, ns, localName));
}

/** The one child of that name, or null; several are refused, as a second copy is how wrapping attacks hide. */
export function onlyChild(parent: XmlNode, ns: string, localName: string, where: string): XmlElement | null {
  const found = children(parent, ns, localName);
  if (found.length > 1) refuse('SAML_MALFORMED', `${where} holds ${found.length} ${localName} elements; at most one is allowed.`);
  return found[0] ?? null;
}

/** Every element of that name anywhere below `root` (itself included). */
export function descendants(root: XmlDocument | XmlElement, ns: string, localName: string): XmlElement[] {
  const found = Array.from(root.getElementsByTagNameNS(ns, localName));
  if (isElement(root as XmlNode, ns, localName)) found.unshift(root as XmlElement);
  return found;
}

/**
 * The element's whole text: every text and CDATA node below it joined, comments skipped. Read
 * as a whole, `user@evil.com<!---->.acme.com` is `user@evil.com.acme.com`, never its first text
 * node; an element child inside a text value is refused.
 */
export function textOf(element: XmlElement, where: string): string {
  let text = '';
  for (const node of Array.from(element.childNodes)) {
    if (node.nodeType === TEXT_NODE || node.nodeType === CDATA_NODE) text += node.nodeValue ?? '';
    else if (node.nodeType === COMMENT_NODE || node.nodeType === PROCESSING_INSTRUCTION_NODE) continue;
    else refuse('SAML_MALFORMED', `${where} must hold text only.`);
  }
  return text;
}

export function attribute(element: XmlElement, name: string): string | null {
  return element.hasAttribute(name) ? element.getAttribute(name) : null;
}

/** Escapes text for an attribute value or element content of XML this folder writes. */
export function escapeXml(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&apos;');
}
