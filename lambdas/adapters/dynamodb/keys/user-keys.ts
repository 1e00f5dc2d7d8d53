/**
 * An author's partition, `USER#<uid>`: the profile (`PROFILE`) and what the author owns (stories, series), so
 * that ownership is one key read under the caller's own partition.
 */
export const userPartitionKey = (userId: string) => `USER#${userId}`;
export const userProfileKey = (userId: string) => ({ PK: userPartitionKey(userId), SK: 'PROFILE' });

export const IDENTITY_KEY_PREFIX = 'IDENTITY#';
/** Links a sign-in identity (issuer and subject) to its author. */
export const identityKey = (issuer: string, subject: string) => ({
  PK: `${IDENTITY_KEY_PREFIX}${issuer}#${subject}`,
  SK: 'IDENTITY',
});
/**
 * The identity link listed under its author (`USER#<uid>` / `IDENTITY#<issuer>#<sub>`), so deleting the account
 * finds its links with one Query: the listing's sort key is the link's partition key.
 */
export const userIdentityKey = (userId: string, identityPartitionKey: string) => ({
  PK: userPartitionKey(userId),
  SK: identityPartitionKey,
});
/** The identity link a listing names. */
export const identityKeyOfListing = (listingSortKey: string) => ({ PK: listingSortKey, SK: 'IDENTITY' });
