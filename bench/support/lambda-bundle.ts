import path from 'node:path';
import type { BundlingOptions } from 'aws-cdk-lib/aws-lambda-nodejs';
import { build, type BuildOptions, type Metafile } from 'esbuild';
import {
  handlerBundling,
  handlerImportsSharp,
  handlerNeedsSerifFonts,
} from '../../lib/constructs/loreweaver-function';

/** The bundling options this translation knows; anything else would make the bench weigh a different bundle. */
const TRANSLATED: ReadonlySet<keyof BundlingOptions> = new Set([
  'format',
  'forceDockerBundling',
  'target',
  'mainFields',
  'logLevel',
  'minify',
  'sourceMap',
  'sourcesContent',
  'bundleAwsSDK',
  'banner',
  'externalModules',
  'commandHooks',
]);

/**
 * The esbuild options CDK's `NodejsFunction` turns `bundling` into (aws-lambda-nodejs `buildEsbuildArgs`): a
 * Node bundle of the entry written to `index.mjs`, externals as given (none when the AWS SDK is bundled).
 * Copy hooks (sharp, fonts) add files beside the bundle, not to it.
 */
function esbuildOptions(bundling: BundlingOptions, entry: string, outputDirectory: string): BuildOptions {
  const untranslated = Object.keys(bundling).filter(
    (option) => !TRANSLATED.has(option as keyof BundlingOptions),
  );
  if (untranslated.length > 0) {
    throw new Error(`bench/support/lambda-bundle.ts does not translate bundling's ${untranslated.join(', ')}`);
  }
  return {
    entryPoints: [entry],
    bundle: true,
    platform: 'node',
    format: bundling.format,
    target: bundling.target,
    outfile: path.join(outputDirectory, 'index.mjs'),
    minify: bundling.minify,
    sourcemap: bundling.sourceMap,
    sourcesContent: bundling.sourcesContent,
    external: bundling.externalModules ?? [],
    mainFields: bundling.mainFields,
    ...(bundling.banner ? { banner: { js: bundling.banner } } : {}),
    logLevel: 'error',
    metafile: true,
  };
}

export interface LambdaBundle {
  /** The bundle CDK would upload as the function's code (without its source map). */
  file: string;
  bytes: number;
  metafile: Metafile;
}

/** Builds one handler module under `handlersDirectory` exactly as its Lambda function is bundled. */
export async function buildLambdaBundle(
  projectRoot: string,
  handlersDirectory: string,
  handler: string,
  outputDirectory: string,
): Promise<LambdaBundle> {
  const entry = path.join(handlersDirectory, `${handler}.ts`);
  const bundling = handlerBundling(projectRoot, handler, {
    sharp: handlerImportsSharp(entry),
    serifFonts: handlerNeedsSerifFonts(entry),
  });
  const options = esbuildOptions(bundling, entry, outputDirectory);
  const { metafile } = await build(options);
  if (!metafile) throw new Error(`esbuild gave no metafile for ${handler}`);
  const output = Object.values(metafile.outputs).find((candidate) => candidate.entryPoint);
  if (!output) throw new Error(`esbuild wrote no bundle for ${handler}`);
  return { file: options.outfile!, bytes: output.bytes, metafile };
}

/** The package an input file belongs to (`@aws-sdk/client-s3`, `zod`), or `our code` for the repository's own. */
export function packageOf(input: string): string {
  // The last node_modules names the package itself when one package nests another.
  const match = /node_modules\/((?:@[^/]+\/)?[^/]+)\/(?!.*node_modules\/)/.exec(input);
  return match ? match[1]! : 'our code';
}

/** Bytes each package contributes to the bundle's output, largest first. */
export function weightByPackage(bundle: LambdaBundle): { name: string; bytes: number }[] {
  const output = Object.values(bundle.metafile.outputs).find((candidate) => candidate.entryPoint);
  const totals = new Map<string, number>();
  for (const [input, { bytesInOutput }] of Object.entries(output?.inputs ?? {})) {
    const name = packageOf(input);
    totals.set(name, (totals.get(name) ?? 0) + bytesInOutput);
  }
  return [...totals]
    .map(([name, bytes]) => ({ name, bytes }))
    .sort((first, second) => second.bytes - first.bytes);
}
