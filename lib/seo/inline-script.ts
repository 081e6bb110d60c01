/**
 * Serialises data for inlining inside <script type="application/ld+json">. JSON.stringify alone is
 * unsafe there: a product name containing "</script>" would end the script element, and U+2028/2029
 * break older JS parsers. Escaping them as \u sequences keeps the JSON identical once parsed.
 */
export function serializeJsonForScript(data: unknown): string {
  return JSON.stringify(data)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}
