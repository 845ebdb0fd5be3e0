/**
 * RFC 3986 URI-reference syntax (§4.1), which Namespaces in XML §2.2 requires of a namespace
 * name. Only the syntax is checked; namespace names are then compared as plain strings.
 */
const PCT = '%[0-9A-Fa-f]{2}';
const UNRESERVED_SUB = "A-Za-z0-9\\-._~!$&'()*+,;=";
const PCHAR = `(?:[${UNRESERVED_SUB}:@]|${PCT})`;
const SEGMENT = `${PCHAR}*`;
const SEGMENT_NZ = `${PCHAR}+`;
const SEGMENT_NZ_NC = `(?:[${UNRESERVED_SUB}@]|${PCT})+`;
// As libxml2 checks them: an IP-literal only needs its brackets, and a port its digits.
const HOST = `(?:\\[[0-9A-Za-z:.\\-_~!$&'()*+,;=]*\\]|(?:[${UNRESERVED_SUB}]|${PCT})*)`;
const AUTHORITY = `(?:(?:[${UNRESERVED_SUB}:]|${PCT})*@)?${HOST}(?::[0-9]+)?`;
const PATH_ABEMPTY = `(?:/${SEGMENT})*`;
const PATH_ABSOLUTE = `/(?:${SEGMENT_NZ}(?:/${SEGMENT})*)?`;
const TAIL = `(?:\\?(?:${PCHAR}|[/?])*)?(?:#(?:${PCHAR}|[/?])*)?`;
const ABSOLUTE = `[A-Za-z][A-Za-z0-9+\\-.]*:(?://${AUTHORITY}${PATH_ABEMPTY}|${PATH_ABSOLUTE}|${SEGMENT_NZ}(?:/${SEGMENT})*|)`;
const RELATIVE = `(?://${AUTHORITY}${PATH_ABEMPTY}|${PATH_ABSOLUTE}|${SEGMENT_NZ_NC}(?:/${SEGMENT})*|)`;
const URI_REFERENCE = new RegExp(`^(?:${ABSOLUTE}|${RELATIVE})${TAIL}$`);

export function isUriReference(value: string): boolean {
  return URI_REFERENCE.test(value);
}
