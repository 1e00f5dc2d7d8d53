/**
 * Manuscript import (issue 14 §1): the files accepted and the refusals' texts, shared by the story list's
 * upload form and the Lambdas so both say the same thing.
 */

/** The upload limit of the import route (issue 14 §1). */
export const MANUSCRIPT_MAX_BYTES = 15 * 1024 * 1024;

/** The extensions an import accepts, lower case, without the dot. */
export const MANUSCRIPT_EXTENSIONS = ['docx', 'md', 'markdown', 'txt'] as const;
export type ManuscriptExtension = (typeof MANUSCRIPT_EXTENSIONS)[number];

export const MANUSCRIPT_UNSUPPORTED_TYPE_MESSAGE =
  'Only Word (.docx), Markdown (.md, .markdown) and plain text (.txt) manuscripts can be imported.';
export const MANUSCRIPT_TOO_LARGE_MESSAGE = 'A manuscript may be at most 15 MB.';
export const MANUSCRIPT_MISSING_MESSAGE = 'Choose a manuscript to import.';
export const MANUSCRIPT_EMPTY_MESSAGE = 'The manuscript is empty.';
export const MANUSCRIPT_NOT_DOCX_MESSAGE =
  'This file is not a Word document (.docx). Save it as .docx and try again.';
export const MANUSCRIPT_LEGACY_DOC_MESSAGE =
  'This is an older Word document (.doc). Save it as .docx in Word and try again.';
export const MANUSCRIPT_ENCRYPTED_MESSAGE =
  'This document is protected with a password. Remove the password in Word and try again.';
export const MANUSCRIPT_NOT_TEXT_MESSAGE =
  'This file is not UTF-8 text. Save it as UTF-8 text and try again.';

/** The extension of `fileName` when it is one an import accepts, lower case; undefined otherwise. */
export function manuscriptExtension(fileName: string): ManuscriptExtension | undefined {
  const extension = /\.([^./\\]+)$/.exec(fileName)?.[1]?.toLowerCase();
  return MANUSCRIPT_EXTENSIONS.find((accepted) => accepted === extension);
}
