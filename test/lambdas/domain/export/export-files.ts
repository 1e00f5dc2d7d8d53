import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

/** A temporary folder for rendered files, removed by the returned function. */
export function temporaryFolder(): { folder: string; remove: () => void } {
  const folder = mkdtempSync(path.join(tmpdir(), 'loreweaver-export-'));
  return { folder, remove: () => rmSync(folder, { recursive: true, force: true }) };
}

export function writeExport(folder: string, name: string, body: Uint8Array): string {
  const file = path.join(folder, name);
  writeFileSync(file, body);
  return file;
}

export function pdfText(file: string): string {
  return execFileSync('pdftotext', ['-enc', 'UTF-8', file, '-'], { encoding: 'utf8' });
}

export function pdfFonts(file: string): string {
  return execFileSync('pdffonts', [file], { encoding: 'utf8' });
}

/**
 * Runs epubcheck. Debian installs it as an executable jar, which needs binfmt support to run by itself, so it
 * is started through java. A check is over in seconds, too soon for the JVM's optimising compiler to pay for
 * itself: without it (TieredStopAtLevel=1) a check takes half the time and half the CPU.
 */
export function epubcheck(file: string): { status: number | null; output: string } {
  const jar = realpathSync(execFileSync('sh', ['-c', 'command -v epubcheck'], { encoding: 'utf8' }).trim());
  const result = spawnSync('java', ['-XX:TieredStopAtLevel=1', '-jar', jar, file], { encoding: 'utf8' });
  return { status: result.status, output: `${result.stdout}${result.stderr}` };
}
