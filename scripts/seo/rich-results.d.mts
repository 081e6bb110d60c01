export interface RichResultIssue {
  severity: 'ERROR' | 'WARNING';
  issueMessage: string;
  fieldNames: string[];
  path: string;
}
export function extractStructuredData(html: string): Record<string, Record<string, unknown[]>>;
export function jsonLdItems(html: string): Record<string, unknown[]>;
export function richResultIssues(html: string): Promise<RichResultIssue[]>;
