export interface AuditPage {
  url: string;
  status: number;
  hops: number;
  errors: string[];
  warnings: string[];
  rich: { errors: number; warnings: number };
  html: number;
}
export interface AuditSummary {
  pagesCrawled: number;
  distinctUrls: number;
  sitemapUrls: number;
  status: Record<string, number>;
  richResultErrors: number;
  richResultWarnings: number;
  pagesWithRichResultErrors: number;
  redirectChains: number;
  redirectingInternalLinks: number;
  failingInternalLinks: number;
  hreflangErrors: number;
  htmlErrors: number;
  queryVariantUrls: number;
  truncated: boolean;
  errors: number;
}
export interface AuditResult {
  origin: string;
  summary: AuditSummary;
  pages: AuditPage[];
}
export function audit(options: { base: string; maxPages: number; concurrency: number }): Promise<AuditResult>;
export function markdown(result: AuditResult): string;
