/** A multipart body from text fields (those left `undefined` are not sent) and an optional `file`. */
export function multipart(
  fields: Record<string, string | number | undefined>,
  file: File | null = null,
): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) {
    if (value !== undefined) form.set(name, String(value));
  }
  if (file) form.set('file', file);
  return form;
}
