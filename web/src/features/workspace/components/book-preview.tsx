import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import type { BookSettings } from '../../../../../shared/schemas/book';
import { previewBook } from '../../../api/book-settings';

type PreviewFormat = 'pdf' | 'epub';

/** Draws each page of the PDF into a canvas with pdf.js, loaded only when a PDF preview is first shown. */
function PdfPages({ base64, label }: { base64: string; label: string }) {
  const container = useRef<HTMLDivElement>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let cancelled = false;
    const target = container.current;
    if (!target) return undefined;
    const draw = async () => {
      const [pdfjs, { default: workerUrl }] = await Promise.all([
        import('pdfjs-dist'),
        import('pdfjs-dist/build/pdf.worker.min.mjs?url'),
      ]);
      pdfjs.GlobalWorkerOptions.workerSrc = workerUrl;
      const data = Uint8Array.from(atob(base64), (character) => character.charCodeAt(0));
      // No eval: the page's content security policy allows none.
      const document = await pdfjs.getDocument({ data, isEvalSupported: false }).promise;
      const canvases: HTMLCanvasElement[] = [];
      for (let number = 1; number <= document.numPages && !cancelled; number += 1) {
        const page = await document.getPage(number);
        // Sharp on a high-density screen, shown at the page's width in CSS pixels.
        const scale = (window.devicePixelRatio || 1) * 1.2;
        const viewport = page.getViewport({ scale });
        const canvas = window.document.createElement('canvas');
        canvas.width = viewport.width;
        canvas.height = viewport.height;
        canvas.style.width = `${viewport.width / (window.devicePixelRatio || 1)}px`;
        canvas.style.maxWidth = '100%';
        canvas.setAttribute('role', 'img');
        canvas.setAttribute('aria-label', `Page ${number}`);
        await page.render({ canvas, viewport }).promise;
        canvases.push(canvas);
      }
      if (!cancelled) target.replaceChildren(...canvases);
      await document.destroy();
    };
    draw().catch((error: unknown) => {
      console.error('Drawing the PDF preview failed.', error);
      if (!cancelled) setFailed(true);
    });
    return () => {
      cancelled = true;
    };
  }, [base64]);
  if (failed) return <Alert severity="error">The preview could not be drawn.</Alert>;
  return (
    <Box
      ref={container}
      aria-label={label}
      role="group"
      sx={{
        display: 'flex',
        flexWrap: 'wrap',
        gap: 2,
        justifyContent: 'center',
        '& canvas': { boxShadow: 3, bgcolor: '#fff' },
      }}
    />
  );
}

export interface BookPreviewProps {
  storyId: string;
  settings: BookSettings;
}

/**
 * Issue 27 §4: the first pages of the book as the dialog's settings would make it, before the whole file is made:
 * the print PDF drawn page by page with pdf.js, or the EPUB's files each in a reading frame. The settings are
 * the dialog's own, so switching the trim or the style there shows here at once.
 */
export function BookPreview({ storyId, settings }: BookPreviewProps) {
  const [format, setFormat] = useState<PreviewFormat>('pdf');
  const preview = useQuery({
    queryKey: ['book-preview', storyId, format, settings],
    queryFn: ({ signal }) => previewBook(storyId, { format, settings }, signal),
    placeholderData: keepPreviousData,
    staleTime: Infinity,
    gcTime: 60_000,
  });
  const shown = preview.data?.format === format ? preview.data : undefined;
  return (
    <Stack spacing={2}>
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
        <ToggleButtonGroup
          exclusive
          size="small"
          value={format}
          onChange={(_, chosen: PreviewFormat | null) => chosen && setFormat(chosen)}
          aria-label="Preview format"
        >
          <ToggleButton value="pdf">Print PDF</ToggleButton>
          <ToggleButton value="epub">EPUB</ToggleButton>
        </ToggleButtonGroup>
        {preview.isFetching && <CircularProgress size={20} aria-label="Making the preview" />}
        {shown?.format === 'pdf' && (
          <Typography variant="body2" color="text.secondary">
            The first {shown.pages_shown} of {shown.page_count} pages
          </Typography>
        )}
      </Stack>
      {preview.isError && !preview.isFetching && (
        <Alert severity="error">The preview could not be made. Try again in a moment.</Alert>
      )}
      {shown?.format === 'pdf' && <PdfPages base64={shown.pdf} label="Print PDF preview" />}
      {shown?.format === 'epub' && (
        <Stack spacing={2} role="group" aria-label="EPUB preview">
          {shown.documents.map((document, index) => (
            <Box
              key={index}
              component="iframe"
              title={document.title}
              srcDoc={document.html}
              // No script runs in the book's pages, nor may they reach the app.
              sandbox=""
              sx={{
                width: '100%',
                height: 420,
                border: 1,
                borderColor: 'divider',
                borderRadius: 1,
                bgcolor: '#fff',
              }}
            />
          ))}
        </Stack>
      )}
    </Stack>
  );
}
