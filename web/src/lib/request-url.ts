/** Query-string parameters; `undefined` values are left out. */
export type QueryParameters = Record<string, string | number | boolean | undefined>;

/** The address with `query`'s parameters added in order. */
export function withQuery(path: string, query: QueryParameters | undefined): string {
  if (!query) return path;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined) params.append(key, String(value));
  }
  const search = params.toString();
  if (search === '') return path;
  return `${path}${path.includes('?') ? '&' : '?'}${search}`;
}
