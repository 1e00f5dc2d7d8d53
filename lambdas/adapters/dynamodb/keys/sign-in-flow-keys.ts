/** A sign-in in progress, by its OAuth `state`. */
export const signInFlowKey = (state: string) => ({ PK: `SIGNIN#${state}`, SK: 'SIGNIN' });
