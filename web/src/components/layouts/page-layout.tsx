import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import type { ReactNode } from 'react';
import { useDocumentTitle } from '../../lib/use-document-title';
import { KeyboardShortcutsHelp } from '../keyboard-shortcuts/keyboard-shortcuts-help';
import { Header, type HeaderProps } from './header';

interface PageLayoutProps {
  /** Names the page in the browser tab: "{title} · Loreweaver". */
  title: string;
  header?: HeaderProps;
  /** Focus mode: the header is hidden (kept mounted, so its state survives) and the page takes the window. */
  headerHidden?: boolean;
  children: ReactNode;
}

/** The frame of every signed-in page: the header above a centred content column. */
export function PageLayout({ title, header, headerHidden = false, children }: PageLayoutProps) {
  useDocumentTitle(title);

  return (
    <>
      <Box sx={{ display: headerHidden ? 'none' : 'contents' }}>
        <Header {...header} />
      </Box>
      <KeyboardShortcutsHelp />
      <Container component="main" maxWidth="lg" sx={(theme) => ({ py: theme.layout.pagePaddingY })}>
        {children}
      </Container>
    </>
  );
}
