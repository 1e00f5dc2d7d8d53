/**
 * An author's partition, `USER#<uid>`: the profile (`PROFILE`) and what the author owns (stories, series), so
 * that ownership is one key read under the caller's own partition.
 */
export const userPartitionKey = (userId: string) => `USER#${userId}`;
export const userProfileKey = (userId: string) => ({ PK: userPartitionKey(userId), SK: 'PROFILE' });
/** Links a sign-in identity (issuer and subject) to its author. */
export const identityKey = (issuer: string, subject: string) => ({
  PK: `IDENTITY#${issuer}#${subject}`,
  SK: 'IDENTITY',
});
