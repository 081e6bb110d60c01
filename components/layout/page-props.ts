/** A localized route's page props: its params (the locale and the route's own) and the query string. */
export type PageProps<P = object> = {
  params: Promise<{ locale: string } & P>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
};
