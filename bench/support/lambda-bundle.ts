import type { LambdaBundle } from '../../lib/constructs/lambda-bundles';

/** The package an input file belongs to (`@aws-sdk/client-s3`, `zod`), or `our code` for the repository's own. */
export function packageOf(input: string): string {
  // The last node_modules names the package itself when one package nests another.
  const match = /node_modules\/((?:@[^/]+\/)?[^/]+)\/(?!.*node_modules\/)/.exec(input);
  return match ? match[1]! : 'our code';
}

/** Bytes each package contributes to the bundle's output, largest first. */
export function weightByPackage(bundle: LambdaBundle): { name: string; bytes: number }[] {
  const totals = new Map<string, number>();
  for (const [input, { bytesInOutput }] of Object.entries(bundle.output.inputs)) {
    const name = packageOf(input);
    totals.set(name, (totals.get(name) ?? 0) + bytesInOutput);
  }
  return [...totals]
    .map(([name, bytes]) => ({ name, bytes }))
    .sort((first, second) => second.bytes - first.bytes);
}
