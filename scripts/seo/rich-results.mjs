/**
 * Google rich-result rules over a page's HTML, as a crawler sees it: the structured data is extracted
 * by @marbec/web-auto-extractor (JSON-LD, microdata, RDFa) and checked by @adobe/structured-data-validator.
 * No network: schema.org's vocabulary file is not shipped by any package here, so the validator runs
 * with Google's rules only (the type handlers), without the generic "unknown property" check.
 */
import Validator from '@adobe/structured-data-validator';
import WebAutoExtractor from '@marbec/web-auto-extractor';

const validator = new Validator(null);

/** Structured data found in the HTML (the extractor's shape, grouped by syntax). */
export function extractStructuredData(html) {
  return new WebAutoExtractor({ addLocation: true, embedSource: ['rdfa', 'microdata'] }).parse(html);
}

/** The JSON-LD items of a page (parsed objects), for reports. */
export function jsonLdItems(html) {
  return extractStructuredData(html).jsonld ?? {};
}

/**
 * Rich-result issues of a page: [{ severity: 'ERROR' | 'WARNING', issueMessage, fieldNames, path }].
 */
export async function richResultIssues(html) {
  const issues = await validator.validate(extractStructuredData(html));
  return issues.map((i) => ({
    severity: i.severity,
    issueMessage: i.issueMessage,
    fieldNames: i.fieldNames ?? [],
    path: (i.path ?? []).map((p) => p.type ?? p.property ?? '').filter(Boolean).join(' > '),
  }));
}
