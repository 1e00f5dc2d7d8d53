import Container from '@mui/material/Container';
import type { ReactNode } from 'react';
import { useDocumentTitle } from '../../lib/use-document-title';
import { Header, type HeaderProps } from './header';

interface PageLayoutProps {
  /** Names the page in the browser tab: "{title} · Loreweaver". */
  title: string;
  header?: HeaderProps;
  children: ReactNode;
}

/** The frame of every signed-in page: the header above a centred content column. */
export function PageLayout({ title, header, children }: PageLayoutProps) {
  useDocumentTitle(title);

  return (
    <>
      <Header {...header} />
      <Container component="main" maxWidth="lg" sx={(theme) => ({ py: theme.layout.pagePaddingY })}>
        {children}
      </Container>
    </>
  );
}
