/**
 * A share link opened signed out (issue 24 §1). Signing in always lands on /stories, so the link is kept here
 * and the signed-in app goes back to it; the share page forgets it once it has the link in hand.
 */
const PENDING_SHARE_KEY = 'loreweaver.pendingShare';

export function rememberPendingShare(shareId: string): void {
  try {
    localStorage.setItem(PENDING_SHARE_KEY, shareId);
  } catch {
    // Storage refused (private mode, quota): the link simply has to be opened again after signing in.
  }
}

export function pendingShare(): string | null {
  try {
    return localStorage.getItem(PENDING_SHARE_KEY);
  } catch {
    return null;
  }
}

export function forgetPendingShare(): void {
  try {
    localStorage.removeItem(PENDING_SHARE_KEY);
  } catch {
    // Nothing was kept.
  }
}
