/**
 * A title field's limit where the author types: the browser stops input at the limit (`maxLength`, in UTF-16
 * units as the browser counts them) and the helper text counts towards it, "12/100".
 */
export function lengthLimitProps(value: string, maxLength: number) {
  return {
    helperText: lengthCount(value, maxLength),
    htmlInput: { maxLength },
  };
}

/** "12/100": what a field holds against its limit, in the units `maxLength` counts. */
export function lengthCount(value: string, maxLength: number): string {
  return `${value.length}/${maxLength}`;
}
