/**
 * A paragraph's key_id: the block's identity on the server (spec §3 Block). Random UUIDs, so two editors (or
 * two tabs) never mint the same one; they fit the server's key_id pattern (letters, digits, '-', '_').
 */
export function newKeyId(): string {
  return crypto.randomUUID();
}
