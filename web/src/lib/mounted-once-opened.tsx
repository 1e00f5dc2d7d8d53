import { Suspense, useState, type ReactNode } from 'react';

/**
 * Renders `children` (a panel or dialog loaded by `lazyComponent`) from the first time `open` is true on: its
 * chunk is downloaded when first asked for, not with the page, and it stays mounted after, so it animates
 * closed and keeps its state as the eager one did.
 */
export function MountedOnceOpened({ open, children }: { open: boolean; children: ReactNode }) {
  const [opened, setOpened] = useState(open);
  if (open && !opened) setOpened(true);
  return opened ? <Suspense fallback={null}>{children}</Suspense> : null;
}
