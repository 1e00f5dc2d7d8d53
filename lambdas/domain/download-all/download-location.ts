/**
 * Where an author's archives are kept in the exports bucket (expired with every export after 7 days). Apart from
 * `download-all.ts` so that account deletion, which empties it, does not bundle the zip writer (jszip, pako).
 */
export const userDownloadPrefix = (userId: string) => `downloads/${userId}/`;
