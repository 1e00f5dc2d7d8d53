import { fileTypeFromBuffer } from 'file-type';
import {
  MANUSCRIPT_EMPTY_MESSAGE,
  MANUSCRIPT_ENCRYPTED_MESSAGE,
  MANUSCRIPT_LEGACY_DOC_MESSAGE,
  MANUSCRIPT_MAX_BYTES,
  MANUSCRIPT_NOT_DOCX_MESSAGE,
  MANUSCRIPT_NOT_TEXT_MESSAGE,
  MANUSCRIPT_TOO_LARGE_MESSAGE,
  MANUSCRIPT_UNSUPPORTED_TYPE_MESSAGE,
  type ManuscriptExtension,
  manuscriptExtension,
} from '../../../shared/manuscript-import';
import { PayloadTooLargeError, UnsupportedMediaTypeError, ValidationError } from '../../errors';

/** A manuscript file whose content is what its extension says. */
export type ManuscriptSource =
  { kind: 'docx'; bytes: Uint8Array } | { kind: 'markdown'; text: string } | { kind: 'text'; text: string };

/** An OLE compound file: a legacy .doc, or Office's wrapper around an encrypted .docx. */
const COMPOUND_FILE_SIGNATURE = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1];
/** The stream an encrypted Office document keeps its package in; OLE names are UTF-16LE. */
const ENCRYPTED_PACKAGE_STREAM = Buffer.from('EncryptedPackage', 'utf16le');

function startsWith(bytes: Uint8Array, signature: readonly number[]): boolean {
  return signature.every((byte, index) => bytes[index] === byte);
}

function refuseCompoundFile(bytes: Uint8Array): never {
  const encrypted = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).includes(
    ENCRYPTED_PACKAGE_STREAM,
  );
  if (encrypted) throw new ValidationError(MANUSCRIPT_ENCRYPTED_MESSAGE);
  throw new UnsupportedMediaTypeError(MANUSCRIPT_LEGACY_DOC_MESSAGE);
}

async function readDocx(bytes: Uint8Array): Promise<ManuscriptSource> {
  if (startsWith(bytes, COMPOUND_FILE_SIGNATURE)) refuseCompoundFile(bytes);
  const detected = await fileTypeFromBuffer(bytes);
  if (detected?.ext !== 'docx') throw new UnsupportedMediaTypeError(MANUSCRIPT_NOT_DOCX_MESSAGE);
  return { kind: 'docx', bytes };
}

/** UTF-8 text, or a refusal: a binary file (an image, a PDF, a zip) renamed .txt or .md is not text. */
async function readText(bytes: Uint8Array): Promise<string> {
  const detected = await fileTypeFromBuffer(bytes);
  if (detected && !detected.mime.startsWith('text/')) {
    throw new UnsupportedMediaTypeError(MANUSCRIPT_NOT_TEXT_MESSAGE);
  }
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    throw new UnsupportedMediaTypeError(MANUSCRIPT_NOT_TEXT_MESSAGE);
  }
  // Valid UTF-8 with NULs is binary data (or UTF-16 without a byte-order mark), never a manuscript.
  if (text.includes('\u0000')) throw new UnsupportedMediaTypeError(MANUSCRIPT_NOT_TEXT_MESSAGE);
  if (text.trim() === '') throw new ValidationError(MANUSCRIPT_EMPTY_MESSAGE);
  return text;
}

/**
 * What can be told from a manuscript's name and size alone, with the refusals' statuses and messages: a
 * supported extension (answered), not empty, within the size limit. Checked again on the stored bytes.
 */
export function checkManuscriptNameAndSize(fileName: string, byteLength: number): ManuscriptExtension {
  const extension = manuscriptExtension(fileName);
  if (!extension) throw new UnsupportedMediaTypeError(MANUSCRIPT_UNSUPPORTED_TYPE_MESSAGE);
  if (byteLength === 0) throw new ValidationError(MANUSCRIPT_EMPTY_MESSAGE);
  if (byteLength > MANUSCRIPT_MAX_BYTES) throw new PayloadTooLargeError(MANUSCRIPT_TOO_LARGE_MESSAGE);
  return extension;
}

/**
 * Checks an uploaded manuscript before it is parsed: a supported extension, within the size limit, not
 * empty, and content that is what the extension says (a real .docx zip, not encrypted; UTF-8 text).
 */
export async function readManuscriptFile(file: Uint8Array, fileName: string): Promise<ManuscriptSource> {
  const extension = checkManuscriptNameAndSize(fileName, file.byteLength);
  switch (extension) {
    case 'docx':
      return readDocx(file);
    case 'md':
    case 'markdown':
      return { kind: 'markdown', text: await readText(file) };
    case 'txt':
      return { kind: 'text', text: await readText(file) };
  }
}
