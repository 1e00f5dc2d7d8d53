/**
 * Request paths that must never be routed. A `.` or `..` segment is resolved away by URL parsers (the
 * WHATWG one in the embedded runtime, perhaps a proxy in front of API Gateway), so
 * `DELETE /api/stories/1/chapter/%2e%2e` would become `DELETE /api/stories/1/` and reach another route.
 * A path holding one is refused as a whole, whether the dots are written raw or percent-encoded, and
 * whether the segments are separated by `/` or by the `\` URL parsers read as `/`.
 */

export const DOT_SEGMENT_MESSAGE = "A path may not contain '.' or '..' segments.";
export const MALFORMED_PATH_MESSAGE = 'The path is not valid percent-encoding.';

/** Decodes one path segment; undefined when its percent-encoding is malformed (`%ZZ`, a lone `%`). */
export function decodePathSegment(segment: string): string | undefined {
  try {
    return decodeURIComponent(segment);
  } catch {
    return undefined;
  }
}

/** Whether a segment of the path is `.` or `..`, written raw or percent-encoded. */
export function hasDotSegment(path: string): boolean {
  return path.split(/[/\\]/).some((segment) => {
    const decoded = decodePathSegment(segment) ?? segment;
    return decoded === '.' || decoded === '..';
  });
}

/** Why the path must be refused, or undefined when it may be routed. */
export function requestPathProblem(path: string): string | undefined {
  if (path.split(/[/\\]/).some((segment) => decodePathSegment(segment) === undefined)) {
    return MALFORMED_PATH_MESSAGE;
  }
  return hasDotSegment(path) ? DOT_SEGMENT_MESSAGE : undefined;
}

/** The path of a request target as sent (origin form `/a?b`, or absolute form `http://host/a?b`). */
export function requestTargetPath(target: string): string {
  const withoutOrigin = target.replace(/^[a-z][a-z\d+.-]*:\/\/[^/?#]*/i, '');
  return withoutOrigin.split(/[?#]/, 1)[0] || '/';
}
