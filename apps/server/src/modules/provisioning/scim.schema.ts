/**
 * The attributes of the SCIM resources this service speaks (RFC 7643 §4.1, §4.3, §8.7.1):
 * one tree that the discovery documents (`/Schemas`) publish and that every PATCH path and
 * value key is checked against before anything is applied. A name outside this tree is
 * refused (`invalidPath`), so no request can name `__proto__`, `constructor` or an
 * inherited name such as `toString`.
 */
import { schemas } from './scim.protocol.js';

export type Attribute = {
  name: string;
  type: 'string' | 'boolean' | 'complex' | 'reference' | 'dateTime' | 'binary';
  multiValued?: boolean;
  required?: boolean;
  mutability?: 'readOnly' | 'readWrite' | 'immutable' | 'writeOnly';
  uniqueness?: 'none' | 'server';
  caseExact?: boolean;
  subAttributes?: Attribute[];
  description?: string;
};

const text = (name: string, description?: string): Attribute => ({ name, type: 'string', ...(description && { description }) });

/** A multi-valued attribute with the usual value, display, type and primary sub-attributes. */
const multi = (name: string, description: string, extra: Attribute[] = []): Attribute => ({
  name,
  type: 'complex',
  multiValued: true,
  description,
  subAttributes: [text('value'), text('display'), text('type'), { name: 'primary', type: 'boolean' }, ...extra],
});

export const userAttributes: Attribute[] = [
  {
    name: 'userName',
    type: 'string',
    required: true,
    uniqueness: 'server',
    description:
      'The name the user is known by at the identity provider: their sign-in e-mail address, or another name when a work e-mail is sent as well.',
  },
  text('externalId', "The identity provider's id for the user."),
  {
    name: 'name',
    type: 'complex',
    subAttributes: [
      text('formatted'),
      text('familyName'),
      text('givenName'),
      text('middleName'),
      text('honorificPrefix'),
      text('honorificSuffix'),
    ],
  },
  text('displayName', 'The name the console shows.'),
  text('nickName'),
  { name: 'profileUrl', type: 'reference' },
  text('title', 'Job title.'),
  text('userType'),
  text('preferredLanguage'),
  text('locale'),
  text('timezone'),
  { name: 'active', type: 'boolean', description: 'False: the user cannot sign in or use the API.' },
  multi('emails', 'E-mail addresses; the one of type work is the work e-mail.'),
  multi('phoneNumbers', 'Phone numbers; the one of type work (else the primary) is the phone the console shows.'),
  multi('ims', 'Instant messaging addresses.'),
  multi('photos', 'Photos of the user.'),
  {
    name: 'addresses',
    type: 'complex',
    multiValued: true,
    description: 'Physical addresses.',
    subAttributes: [
      text('formatted'),
      text('streetAddress'),
      text('locality'),
      text('region'),
      text('postalCode'),
      text('country'),
      text('type'),
      { name: 'primary', type: 'boolean' },
    ],
  },
  {
    name: 'groups',
    type: 'complex',
    multiValued: true,
    mutability: 'readOnly',
    subAttributes: [text('value'), text('display'), text('type'), { name: '$ref', type: 'reference' }],
  },
  multi('entitlements', 'Entitlements (kept, not acted on).'),
  multi('roles', 'Roles at the identity provider (kept, not acted on: the console role comes from the provisioning defaults).'),
  multi('x509Certificates', 'Certificates (kept, not acted on).'),
];

export const enterpriseAttributes: Attribute[] = [
  { name: 'employeeNumber', type: 'string', uniqueness: 'server', description: "The user's employee ID in the organization." },
  text('costCenter'),
  text('organization'),
  text('division'),
  text('department'),
  {
    name: 'manager',
    type: 'complex',
    description: "The user's manager: value is the manager's SCIM id.",
    subAttributes: [text('value'), { name: '$ref', type: 'reference' }, { name: 'displayName', type: 'string', mutability: 'readOnly' }],
  },
];

export const groupAttributes: Attribute[] = [
  { name: 'displayName', type: 'string', required: true, uniqueness: 'server', description: "The team's name." },
  text('externalId', "The identity provider's id for the group."),
  {
    name: 'members',
    type: 'complex',
    multiValued: true,
    subAttributes: [
      text('value'),
      { name: 'display', type: 'string', mutability: 'readOnly' },
      text('type'),
      { name: '$ref', type: 'reference' },
    ],
  },
];

/** Attributes every resource has (RFC 7643 §3.1); a PATCH may name them, only to leave them as they are. */
const common: Attribute[] = [
  { name: 'id', type: 'string', mutability: 'readOnly' },
  { name: 'schemas', type: 'string', multiValued: true },
];

/** A resource's attributes by lower-cased name; a Map, so that no inherited name is ever found. */
export type AttributeTree = Map<string, Attribute>;

function tree(attributes: Attribute[]): AttributeTree {
  return new Map(attributes.map((a) => [a.name.toLowerCase(), a]));
}

export interface ResourceSchema {
  /** The core schema's URN, which a path may be prefixed with. */
  core: string;
  attributes: AttributeTree;
  /** Extensions: URN (lower case) to its attributes. */
  extensions: Map<string, AttributeTree>;
}

export const userSchema: ResourceSchema = {
  core: schemas.user,
  attributes: tree([...common, ...userAttributes]),
  extensions: new Map([[schemas.enterpriseUser.toLowerCase(), tree(enterpriseAttributes)]]),
};

export const groupSchema: ResourceSchema = {
  core: schemas.group,
  attributes: tree([...common, ...groupAttributes]),
  extensions: new Map(),
};

export const subAttributesOf = (attribute: Attribute): AttributeTree => tree(attribute.subAttributes ?? []);

function definition(a: Attribute): Record<string, unknown> {
  return {
    multiValued: false,
    required: false,
    caseExact: false,
    mutability: 'readWrite',
    returned: 'default',
    uniqueness: 'none',
    ...a,
    ...(a.subAttributes && { subAttributes: a.subAttributes.map(definition) }),
  };
}

/** The `/Schemas` discovery documents. */
export function schemaDefinitions(baseUrl: string) {
  const document = (id: string, name: string, description: string, attributes: Attribute[]) => ({
    schemas: [schemas.schema],
    id,
    name,
    description,
    attributes: attributes.map(definition),
    meta: { resourceType: 'Schema', location: `${baseUrl}/Schemas/${id}` },
  });
  return [
    document(schemas.user, 'User', 'A user of the organization', userAttributes),
    document(schemas.enterpriseUser, 'EnterpriseUser', 'Enterprise user', enterpriseAttributes),
    document(schemas.group, 'Group', 'A team of the organization', groupAttributes),
  ];
}
