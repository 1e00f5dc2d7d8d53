import path from 'node:path';
import type { BundlingOptions } from 'aws-cdk-lib/aws-lambda-nodejs';
import { build, type BuildOptions, type Metafile } from 'esbuild';
import type { RouteAccess } from '../../lambdas/routes';
import { handlerBundling, handlerNeeds } from '../../lib/constructs/loreweaver-function';

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
  'define',
]);

/**
 * The esbuild options CDK's `NodejsFunction` turns `bundling` into (aws-lambda-nodejs `buildEsbuildArgs`): a
 * Node bundle of each entry as an `.mjs` file, externals as given (none when the AWS SDK is bundled). Copy
 * hooks (sharp, fonts) add files beside the bundle, not to it. Several entries in one build make the same
 * separate bundles as one build each (no code splitting), with the shared modules parsed once.
 */
function esbuildOptions(
  bundling: BundlingOptions,
  entries: string[],
  outdir: string,
  outbase: string,
): BuildOptions {
  const untranslated = Object.keys(bundling).filter(
    (option) => !TRANSLATED.has(option as keyof BundlingOptions),
  );
  if (untranslated.length > 0) {
    throw new Error(
      `bench/support/lambda-bundle.ts does not translate bundling's ${untranslated.join(', ')}`,
    );
  }
  return {
    entryPoints: entries,
    bundle: true,
    platform: 'node',
    format: bundling.format,
    target: bundling.target,
    outdir,
    outbase,
    outExtension: { '.js': '.mjs' },
    minify: bundling.minify,
    sourcemap: bundling.sourceMap,
    sourcesContent: bundling.sourcesContent,
    external: bundling.externalModules ?? [],
    define: bundling.define ?? {},
    mainFields: bundling.mainFields,
    ...(bundling.banner ? { banner: { js: bundling.banner } } : {}),
    logLevel: 'error',
    metafile: true,
  };
}

export interface LambdaBundle {
  handler: string;
  /** The bundle CDK would upload as the function's code (without its source map). */
  file: string;
  bytes: number;
  output: Metafile['outputs'][string];
}

/** A function to bundle: its handler module and the access its bundle is built for. */
export interface LambdaFunction {
  handler: string;
  access: RouteAccess;
}

/**
 * Builds handler modules under `handlersDirectory` exactly as their Lambda functions are bundled (one esbuild
 * run per distinct bundling), into `outputDirectory/<handler>.mjs`.
 */
export async function buildLambdaBundles(
  projectRoot: string,
  handlersDirectory: string,
  functions: LambdaFunction[],
  outputDirectory: string,
): Promise<LambdaBundle[]> {
  const entryOf = (handler: string) => path.join(handlersDirectory, `${handler}.ts`);
  const groups = new Map<string, { bundling: BundlingOptions; handlers: string[] }>();
  for (const { handler, access } of functions) {
    const entry = entryOf(handler);
    const bundling = handlerBundling(projectRoot, handler, handlerNeeds(entry), access);
    // Copy hooks are functions: two bundlings differ for esbuild only in what JSON shows.
    const key = JSON.stringify(bundling);
    const group = groups.get(key) ?? { bundling, handlers: [] };
    group.handlers.push(handler);
    groups.set(key, group);
  }
  const bundles: LambdaBundle[] = [];
  for (const { bundling, handlers: grouped } of groups.values()) {
    const options = esbuildOptions(bundling, grouped.map(entryOf), outputDirectory, handlersDirectory);
    const { metafile } = await build(options);
    if (!metafile) throw new Error('esbuild gave no metafile');
    for (const [file, output] of Object.entries(metafile.outputs)) {
      if (!output.entryPoint) continue;
      const handler = path.relative(handlersDirectory, path.resolve(output.entryPoint)).replace(/\.ts$/, '');
      bundles.push({ handler, file: path.resolve(file), bytes: output.bytes, output });
    }
  }
  return functions.map(({ handler }) => {
    const bundle = bundles.find((candidate) => candidate.handler === handler);
    if (!bundle) throw new Error(`esbuild wrote no bundle for ${handler}`);
    return bundle;
  });
}

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
