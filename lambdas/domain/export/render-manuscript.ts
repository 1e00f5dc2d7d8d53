import type { ExportLayout, ExportType, Manuscript, RenderedExport } from './manuscript';
import { renderDocx } from './render-docx';
import { renderEpub } from './render-epub';
import { renderPdf } from './render-pdf';

const RENDERERS: Record<
  ExportType,
  (manuscript: Manuscript, layout: ExportLayout) => Promise<RenderedExport>
> = {
  pdf: renderPdf,
  docx: renderDocx,
  epub: renderEpub,
};

/** The one entry the export worker calls: the story, read from storage, as a file of the chosen type and layout. */
export function renderManuscript(
  manuscript: Manuscript,
  type: ExportType,
  layout: ExportLayout,
): Promise<RenderedExport> {
  return RENDERERS[type](manuscript, layout);
}
