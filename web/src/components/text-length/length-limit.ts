/**
 * "12/100": what a title field holds against its limit, in the units the field's `maxLength` counts (UTF-16,
 * as the browser counts them), so the counter stops where the field does.
 */
export function lengthCount(value: string, maxLength: number): string {
  return `${value.length}/${maxLength}`;
}
