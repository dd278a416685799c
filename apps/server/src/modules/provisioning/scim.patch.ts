/**
 * SCIM PATCH (RFC 7644 §3.5.2) on a resource's representation. Every path and every key of
 * every value is first checked against the resource's schema (scim.schema.ts) and written
 * in the schema's own spelling; anything else is refused with `invalidPath` before any
 * change. The operations are then applied by scim-patch to copies whose objects share no
 * prototype with the process (a frozen one rooted in null), so that even a name that
 * slipped past the check could not reach a shared object.
 *
 * Real clients' quirks are made regular on the way: operation names in any case, Entra
 * ID's string booleans for `active`, and path-less values whose keys are paths themselves
 * (`{"name.givenName": "Ann"}`).
 */

import { ScimError as ScimPatchError, type ScimPatchOperation, scimPatch } from 'scim-patch';
import { type Filter, parse, stringify } from 'scim2-parse-filter';
import { ScimError, schemas } from './scim.protocol.js';
import { type Attribute, type AttributeTree, type ResourceSchema, subAttributesOf } from './scim.schema.js';

type Json = Record<string, unknown>;

/** Values may nest no deeper than the schema does (a complex attribute in an extension in a list). */
const MAX_DEPTH = 4;

const invalidPath = (detail: string) => new ScimError(400, detail, 'invalidPath');
const invalidValue = (detail: string) => new ScimError(400, detail, 'invalidValue');

function isObject(value: unknown): value is Json {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/**
 * The prototype of the objects a PATCH is applied to: frozen, rooted in null, with only the
 * two methods scim-patch's deep equality calls (`valueOf`, `toString`), so it has no
 * `constructor`, no `__proto__` and nothing a write could reach.
 */
const DETACHED = Object.freeze(
  Object.create(null, {
    valueOf: { value: Object.prototype.valueOf },
    toString: { value: Object.prototype.toString },
  }),
);

const detached = () => Object.create(DETACHED) as Json;

/** A deep copy of JSON whose objects share no prototype with the rest of the process. */
export function withoutPrototypes<T>(value: T): T {
  if (Array.isArray(value)) return value.map(withoutPrototypes) as T;
  if (!isObject(value)) return value;
  const copy = detached();
  for (const [key, v] of Object.entries(value)) copy[key] = withoutPrototypes(v);
  return copy as T;
}

/** Where a path leads: a set of attributes (the resource, or an extension), or one attribute. */
type Target = { tree: AttributeTree } | { attribute: Attribute; filtered: boolean };

const PATH_PART = /^([A-Za-z$][\w$-]*)(?:\[(.+)\])?(?:\.([A-Za-z$][\w$-]*))?$/s;

/** A path checked against the schema and written in its spelling, with what it leads to. */
export function checkPath(schema: ResourceSchema, raw: string): { path: string; target: Target } {
  let rest = raw;
  let tree = schema.attributes;
  let prefix = '';
  if (rest.toLowerCase().startsWith('urn:')) {
    const lower = rest.toLowerCase();
    const core = schema.core.toLowerCase();
    const extension = [...schema.extensions.keys()].find((urn) => lower === urn || lower.startsWith(`${urn}:`));
    if (lower.startsWith(`${core}:`)) {
      rest = rest.slice(core.length + 1);
    } else if (extension) {
      const urn = canonicalUrn(extension);
      const attributes = schema.extensions.get(extension) as AttributeTree;
      if (lower === extension) return { path: urn, target: { tree: attributes } };
      rest = rest.slice(extension.length + 1);
      tree = attributes;
      prefix = `${urn}:`;
    } else {
      throw invalidPath(`The path ${JSON.stringify(raw)} names no schema of this resource.`);
    }
  }
  const match = PATH_PART.exec(rest);
  if (!match) throw invalidPath(`The path ${JSON.stringify(raw)} is not an attribute path.`);
  const [, name, filter, sub] = match;
  const attribute = tree.get(name.toLowerCase());
  if (!attribute) throw invalidPath(`${name} is not an attribute of this resource.`);
  let path = `${prefix}${attribute.name}`;
  if (filter !== undefined) {
    if (!attribute.multiValued || attribute.type !== 'complex')
      throw invalidPath(`${attribute.name} is not a list that a filter can select from.`);
    path += `[${checkValueFilter(attribute, filter)}]`;
  }
  if (sub === undefined) return { path, target: { attribute, filtered: filter !== undefined } };
  const subAttribute = subAttributesOf(attribute).get(sub.toLowerCase());
  if (!subAttribute) throw invalidPath(`${sub} is not a sub-attribute of ${attribute.name}.`);
  return { path: `${path}.${subAttribute.name}`, target: { attribute: subAttribute, filtered: false } };
}

function canonicalUrn(lower: string): string {
  return Object.values(schemas).find((urn) => urn.toLowerCase() === lower) ?? lower;
}

/** The filter of a value path (`emails[type eq "work"]`): it may name only the list's sub-attributes. */
function checkValueFilter(list: Attribute, text: string): string {
  let tree: Filter;
  try {
    tree = parse(text);
  } catch (err) {
    throw invalidPath(`The filter of ${list.name}[…] cannot be read: ${(err as Error).message}`);
  }
  const subs = subAttributesOf(list);
  const canonical = (f: Filter): Filter => {
    switch (f.op) {
      case 'and':
      case 'or':
        return { ...f, filters: f.filters.map(canonical) };
      case 'not':
        return { ...f, filter: canonical(f.filter) };
      case '[]':
        throw invalidPath(`A filter of ${list.name}[…] cannot hold another list filter.`);
      default: {
        const sub = subs.get(f.attrPath.toLowerCase());
        if (!sub) throw invalidPath(`${f.attrPath} is not a sub-attribute of ${list.name}.`);
        return { ...f, attrPath: sub.name };
      }
    }
  };
  return stringify(canonical(tree));
}

/** A value checked against what it is written to, in the schema's spelling, without prototypes. */
function checkValue(value: unknown, target: Target, where: string, depth = 0): unknown {
  if (depth > MAX_DEPTH) throw invalidValue(`The value of ${where} nests deeper than its schema.`);
  if ('tree' in target) {
    if (!isObject(value)) throw invalidValue(`The value of ${where} must be an object.`);
    const copy = detached();
    for (const [key, v] of Object.entries(value)) {
      const attribute = target.tree.get(key.toLowerCase());
      if (!attribute) throw invalidPath(`${key} is not an attribute of ${where}.`);
      copy[attribute.name] = checkValue(v, { attribute, filtered: false }, attribute.name, depth + 1);
    }
    return copy;
  }
  const { attribute, filtered } = target;
  if (attribute.type === 'complex') {
    const tree = subAttributesOf(attribute);
    if (attribute.multiValued && !filtered && Array.isArray(value))
      return value.map((item) => checkValue(item, { tree }, attribute.name, depth + 1));
    return checkValue(value, { tree }, attribute.name, depth + 1);
  }
  if (attribute.multiValued && !filtered && Array.isArray(value))
    return value.map((item) => checkValue(item, { attribute, filtered: true }, attribute.name, depth + 1));
  if (value !== null && typeof value === 'object') throw invalidValue(`${attribute.name} takes a single value, not an object or a list.`);
  return value;
}

/** Checks and regularises one operation against the schema (a path-less value may become several). */
function regularOperations(schema: ResourceSchema, op: Json): ScimPatchOperation[] {
  const name = typeof op.op === 'string' ? op.op.toLowerCase() : '';
  if (name !== 'add' && name !== 'replace' && name !== 'remove')
    throw new ScimError(400, `Unknown PATCH operation ${JSON.stringify(op.op)}.`, 'invalidSyntax');
  if (op.path !== undefined && typeof op.path !== 'string') throw invalidPath('A path is a string.');
  const rawPath = typeof op.path === 'string' && op.path.trim() ? op.path.trim() : undefined;
  if (name === 'remove') {
    if (!rawPath) throw new ScimError(400, 'A remove operation needs a path.', 'noTarget');
    const { path, target } = checkPath(schema, rawPath);
    // Entra ID removes members as `path: "members"` with the members to remove as the value.
    if (path === 'members' && Array.isArray(op.value))
      return op.value.map((m) => {
        const value = isObject(m) ? m.value : undefined;
        if (typeof value !== 'string') throw invalidValue('Each member to remove needs a value (the user id).');
        return { op: 'remove' as const, path: `members[value eq ${JSON.stringify(value)}]` };
      });
    return [{ op: 'remove', path, ...(op.value !== undefined && { value: checkValue(op.value, target, path) }) }];
  }
  if (rawPath) {
    const { path, target } = checkPath(schema, rawPath);
    return [{ op: name, path, value: checkValue(regularValue(path, op.value), target, path) }];
  }
  // No path: each key of the value is an attribute, or (Entra ID) an attribute path.
  if (!isObject(op.value)) throw invalidValue(`An ${name} without a path takes an object of attributes.`);
  const plain = detached();
  const pathed: ScimPatchOperation[] = [];
  for (const [key, v] of Object.entries(op.value)) {
    const { path, target } = checkPath(schema, key);
    // A complex attribute or an extension given whole (`{"name": {"familyName": …}}`): one operation
    // per sub-attribute, so that those not given stay as they are (RFC 7644 §3.5.2.1, §3.5.2.3).
    if (isObject(v) && ('tree' in target || (target.attribute.type === 'complex' && !target.attribute.multiValued))) {
      for (const [subKey, subValue] of Object.entries(v)) {
        const sub = checkPath(schema, 'tree' in target ? `${path}:${subKey}` : `${path}.${subKey}`);
        pathed.push({ op: name, path: sub.path, value: checkValue(regularValue(sub.path, subValue), sub.target, sub.path) });
      }
      continue;
    }
    const value = checkValue(regularValue(path, v), target, path);
    if (path.includes('.') || path.includes('[') || (path.startsWith('urn:') && !schema.extensions.has(path.toLowerCase())))
      pathed.push({ op: name, path, value });
    else plain[path] = value;
  }
  return Object.keys(plain).length > 0 ? [{ op: name, value: plain }, ...pathed] : pathed;
}

const MANAGER_PATH = `${schemas.enterpriseUser}:manager`;

/** A value as clients send it made regular before it is checked against the schema. */
function regularValue(path: string, value: unknown): unknown {
  if (path === 'active') return readBoolean(value, 'active');
  // Entra ID sends the manager as {"value": id} and as the bare id.
  if (path === MANAGER_PATH && typeof value === 'string') return { value };
  return value;
}

/** Entra ID sends booleans as "True"/"False". */
export function readBoolean(value: unknown, name: string): boolean {
  if (typeof value === 'boolean') return value;
  if (typeof value === 'string' && /^(true|false)$/i.test(value)) return value.toLowerCase() === 'true';
  throw invalidValue(`${name} must be true or false.`);
}

/** Applies a PATCH request's operations, all checked first, to a copy of the resource. */
export function applyPatch(schema: ResourceSchema, resource: Json, body: unknown): Json {
  const request = isObject(body) ? body : {};
  const schemaList = request.schemas;
  if (!Array.isArray(schemaList) || !schemaList.includes(schemas.patchOp))
    throw new ScimError(400, `A PATCH request names the schema ${schemas.patchOp}.`, 'invalidSyntax');
  const operations = request.Operations ?? request.operations;
  if (!Array.isArray(operations) || operations.length === 0) throw new ScimError(400, 'A PATCH request needs Operations.', 'invalidSyntax');
  const regular = operations.flatMap((raw) => regularOperations(schema, isObject(raw) ? raw : {}));
  const { meta: _meta, ...content } = resource;
  const document = withoutPrototypes({ ...content, meta: { created: new Date(0).toISOString(), lastModified: new Date(0).toISOString() } });
  try {
    return scimPatch(document as never, regular, { mutateDocument: true, treatMissingAsAdd: true }) as Json;
  } catch (err) {
    if (err instanceof ScimPatchError) {
      const scimType = err.scimCode;
      throw new ScimError(400, err.message, scimType === 'noTarget' || scimType === 'invalidPath' ? scimType : 'invalidValue');
    }
    throw err;
  }
}
