/**
 * `npm run bench`: runs every `bench/*.bench.ts` one after another (so they do not compete for the CPU) and
 * prints their figures. Benchmarks measure; they never fail on a timing.
 */
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const benchDirectory = path.dirname(fileURLToPath(import.meta.url));
const benchmarks = readdirSync(benchDirectory)
  .filter((file) => file.endsWith('.bench.ts'))
  .sort();

let failed = 0;
for (const benchmark of benchmarks) {
  console.log(`\n== ${benchmark}`);
  const result = spawnSync(process.execPath, ['--import', 'tsx', path.join(benchDirectory, benchmark)], {
    stdio: 'inherit',
  });
  if (result.status !== 0) failed += 1;
}
process.exit(failed === 0 ? 0 : 1);
