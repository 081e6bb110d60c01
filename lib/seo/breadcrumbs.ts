import type { BreadcrumbList, WithContext } from 'schema-dts';

/** One step of a breadcrumb trail: its visible name and its absolute URL. */
export interface Crumb {
  name: string;
  /** Absolute URL (canonical) of the step. */
  url: string;
}

/** schema.org BreadcrumbList for a trail, positions starting at 1 (Google's breadcrumb rich result). */
export function breadcrumbJsonLd(trail: readonly Crumb[]): WithContext<BreadcrumbList> {
  return {
    '@context': 'https://schema.org',
    '@type': 'BreadcrumbList',
    itemListElement: trail.map((crumb, index) => ({
      '@type': 'ListItem',
      position: index + 1,
      name: crumb.name,
      item: crumb.url,
    })),
  };
}
