import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** The prefix of the one temporary folder an infrastructure run writes into. */
export const RUN_DIRECTORY_PREFIX = 'loreweaver-infra-run-';

/**
 * Global setup of the infrastructure tests. CDK synthesizes every `App` made without an `outdir` (and so every
 * `Template.fromStack`) into a fresh `cdk.out*` folder under the system temp folder and never removes it; with
 * bundles that is megabytes per app. The test workers inherit TMPDIR from here, so every temporary folder of the
 * run lands in one folder, removed when the run ends.
 */
export default function setup(): () => void {
  const runDirectory = mkdtempSync(join(tmpdir(), RUN_DIRECTORY_PREFIX));
  process.env.TMPDIR = runDirectory;
  return () => rmSync(runDirectory, { recursive: true, force: true });
}
