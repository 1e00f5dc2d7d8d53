import { cpSync, existsSync, mkdirSync, readdirSync, rmSync } from 'node:fs';
import { basename, join, relative, resolve } from 'node:path';
import { type BuildOptions, buildSync, type Metafile } from 'esbuild';
import { BOOK_FONTS } from '../../lambdas/domain/export/book-design';
import { COVER_FALLBACK_FONTS } from '../../lambdas/domain/images/cover-fonts';
import type { ShippedFont } from '../../lambdas/domain/export/font-files';
import { grantDefinitions } from '../../lambdas/port-grants';
import type { RouteAccess } from '../../lambdas/routes';

/**
 * Every Lambda's bundle, built before the functions are declared: one esbuild run per distinct set of options
 * (the grants a function's access defines, and sharp kept external where it is used), each run building its
 * handlers as separate bundles (no code splitting) with the modules they share parsed once. A build of each
 * handler on its own (CDK's NodejsFunction) parsed the AWS SDK a hundred times and took minutes per synthesis.
 * The bench weighs these very bundles (`bench/weight.bench.ts`).
 */

/**
 * Node.js 24, the newest LTS Lambda offers; the bundle targets this runtime only (the code also runs on Node 20
 * and 22, which the embedded runtime and the tests may use). Moved with `RUNTIME` in loreweaver-function.ts.
 */
export const ESBUILD_TARGET = 'node24';

/**
 * The links of the AWS SDK's default credential chain that never run in Lambda, where a function's credentials
 * are its role's, put in the environment: the chain's first link (`fromEnv`) answers. The SDK loads the
 * others (SSO, profile files, processes, web identity, container and instance metadata, with the STS, SSO and
 * sign-in clients they use) by dynamic import, so leaving them out of the bundle (≈ 130 KB of each) changes
 * nothing that runs; were one ever reached, its import would fail loudly.
 */
const CREDENTIAL_PROVIDERS_NOT_RUN_IN_LAMBDA = [
  '@aws-sdk/credential-provider-sso',
  '@aws-sdk/credential-provider-ini',
  '@aws-sdk/credential-provider-process',
  '@aws-sdk/credential-provider-web-identity',
  '@aws-sdk/credential-provider-http',
  '@smithy/credential-provider-imds',
];

/**
 * An ES module for the functions' Node.js version, from the handler's imports only, minified, with a source
 * map (enabled at run time) that names the sources without their text. The AWS SDK is bundled rather than taken
 * from the runtime so the version that ran in the tests is the version that runs in Lambda. CommonJS
 * dependencies inside an ES module bundle call `require` for Node built-ins, hence the banner.
 */
const COMMON_OPTIONS: BuildOptions = {
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: ESBUILD_TARGET,
  mainFields: ['module', 'main'],
  minify: true,
  sourcemap: true,
  sourcesContent: false,
  outExtension: { '.js': '.mjs' },
  banner: {
    js: "import { createRequire } from 'node:module'; const require = createRequire(import.meta.url);",
  },
  logLevel: 'warning',
  metafile: true,
};

/**
 * sharp (image re-encoding) loads a native libvips build, which esbuild cannot bundle. Handlers that import
 * it get sharp's own files copied beside their bundle and run on x86_64, because the Linux x64 build is
 * what an npm install on a Linux x64 machine (CI, this dev container) already has; arm64 would need a
 * cross-platform install at every deploy.
 */
export const SHARP = {
  module: 'sharp',
  /** What sharp loads at run time besides itself (its package.json dependencies and the Linux x64 build). */
  dependencies: [
    'detect-libc',
    'semver',
    '@img/colour',
    '@img/sharp-linux-x64',
    '@img/sharp-libvips-linux-x64',
  ],
  memorySize: 1024,
  install: 'npm install --os=linux --cpu=x64 --libc=glibc sharp',
};

/**
 * PDF export embeds the Tinos faces (`lambdas/domain/export/font-files.ts`), and generated covers draw their
 * Latin, Greek, Cyrillic and Hebrew titles with Tinos Bold through fontkit (`lambdas/domain/images/cover-title.ts`);
 * both open the files by path at run time, so esbuild cannot see them: handlers that import pdfkit or fontkit get
 * the four TTFs copied into `fonts/` beside their bundle, where font-files.ts looks first.
 */
const SERIF_FONTS = {
  importedBy: ['pdfkit', 'fontkit'],
  /** Under node_modules: one folder per face, each holding its `Tinos_<face>.ttf`. */
  packageDirectory: '@expo-google-fonts/tinos',
  filePattern: /^Tinos_.*\.ttf$/,
};

/**
 * Generated covers draw the titles Tinos cannot with Noto Sans SC, KR, Arabic, Devanagari and Thai Bold
 * (`lambdas/domain/images/cover-fonts.ts`), opened by path like Tinos: handlers that draw covers (fontkit shapes
 * the title, sharp makes the picture; the export worker reads font metrics with fontkit but draws no picture)
 * get those TTFs copied into `fonts/` as well. Only the Bold weight of each: SC's nine weights are 10 MB files
 * each, KR's 6 MB.
 */
const COVER_FONT_IMPORTED_BY = 'fontkit';

/**
 * The print book (issue 27) embeds its styles' faces (EB Garamond, Lora, Crimson Pro, Great Vibes), opened by
 * path like Tinos: handlers that import pdfkit (the export worker) get them copied into `fonts/` as well.
 */
const BOOK_FONT_IMPORTED_BY = 'pdfkit';

/**
 * The packages the handler's own code (not its dependencies) imports: a fast scan with packages left external,
 * made once per handler (synthesis asks several questions of each).
 */
const packagesImportedBy = new Map<string, string[]>();

function packagesImported(entry: string): string[] {
  const known = packagesImportedBy.get(entry);
  if (known) return known;
  const { metafile } = buildSync({
    entryPoints: [entry],
    bundle: true,
    packages: 'external',
    platform: 'node',
    format: 'esm',
    write: false,
    metafile: true,
    logLevel: 'silent',
  });
  const imported = Object.values(metafile.inputs).flatMap((input) =>
    input.imports.filter((item) => item.external).map((item) => item.path),
  );
  packagesImportedBy.set(entry, imported);
  return imported;
}

/** Whether the handler's own code imports `module` (or one of its subpaths). */
function handlerImports(entry: string, module: string): boolean {
  return packagesImported(entry).some((path) => path === module || path.startsWith(`${module}/`));
}

export function handlerImportsSharp(entry: string): boolean {
  return handlerImports(entry, SHARP.module);
}

/** What the handler's own imports need copied beside its bundle. */
export interface HandlerNeeds {
  sharp: boolean;
  serifFonts: boolean;
  coverFont: boolean;
  bookFonts: boolean;
}

export function handlerNeeds(entry: string): HandlerNeeds {
  return {
    sharp: handlerImportsSharp(entry),
    serifFonts: SERIF_FONTS.importedBy.some((module) => handlerImports(entry, module)),
    coverFont: handlerImports(entry, COVER_FONT_IMPORTED_BY) && handlerImportsSharp(entry),
    bookFonts: handlerImports(entry, BOOK_FONT_IMPORTED_BY),
  };
}

/** A file or folder copied beside a bundle: from its absolute path to its path inside the bundle's folder. */
interface BundleCopy {
  from: string;
  to: string;
}

/** The four Tinos faces, into `fonts/`; throws when they are missing. */
function serifFontCopies(projectRoot: string): BundleCopy[] {
  const fontPackage = join(projectRoot, 'node_modules', SERIF_FONTS.packageDirectory);
  if (!existsSync(join(fontPackage, 'package.json'))) {
    throw new Error(
      `PDF export and generated covers need ${SERIF_FONTS.packageDirectory}, which is not installed: run "npm ci"`,
    );
  }
  return readdirSync(fontPackage, { withFileTypes: true })
    .filter((face) => face.isDirectory())
    .flatMap((face) =>
      readdirSync(join(fontPackage, face.name))
        .filter((file) => SERIF_FONTS.filePattern.test(file))
        .map((file) => ({ from: join(fontPackage, face.name, file), to: join('fonts', file) })),
    );
}

/** Shipped fonts, into `fonts/`; throws naming what needs them when one is missing. */
function fontCopies(projectRoot: string, fonts: readonly ShippedFont[], neededBy: string): BundleCopy[] {
  const fontFiles = fonts.map((font) => ({
    packageName: font.packageName,
    file: join(projectRoot, 'node_modules', font.packageName, font.fileInPackage),
  }));
  const missing = fontFiles.filter(({ file }) => !existsSync(file)).map(({ packageName }) => packageName);
  if (missing.length > 0) {
    throw new Error(`${neededBy} need fonts that are not installed (${missing.join(', ')}): run "npm ci"`);
  }
  return fontFiles.map(({ file }) => ({ from: file, to: join('fonts', basename(file)) }));
}

/**
 * sharp and the packages it loads, into the bundle's node_modules (a dependency nested under sharp travels with
 * sharp); throws when its Linux x64 build is not installed.
 */
function sharpCopies(projectRoot: string, handler: string): BundleCopy[] {
  const modules = join(projectRoot, 'node_modules');
  const sharpDirectory = join(modules, SHARP.module);
  const isPackage = (directory: string) => existsSync(join(directory, 'package.json'));
  const hoisted = SHARP.dependencies.filter((name) => !isPackage(join(sharpDirectory, 'node_modules', name)));
  const missing = [SHARP.module, ...hoisted].filter((name) => !isPackage(join(modules, name)));
  if (missing.length > 0) {
    throw new Error(
      `Handler "${handler}" uses sharp, whose Lambda build is not installed (${missing.join(', ')}): run "${SHARP.install}"`,
    );
  }
  return [SHARP.module, ...hoisted].map((name) => ({
    from: join(modules, name),
    to: join('node_modules', name),
  }));
}

/** A function to bundle: its handler module (under the handlers' folder, no extension) and its access. */
export interface LambdaSource {
  handler: string;
  access: RouteAccess;
}

export interface LambdaBundle {
  handler: string;
  /** The folder uploaded as the function's code: `index.mjs`, its map, and what the handler needs beside it. */
  directory: string;
  /** `index.mjs`. */
  file: string;
  bytes: number;
  output: Metafile['outputs'][string];
  needs: HandlerNeeds;
}

/** The esbuild options of one function's bundle beyond the common ones. */
function functionOptions(needs: HandlerNeeds, access: RouteAccess) {
  return {
    define: grantDefinitions(access),
    external: [...CREDENTIAL_PROVIDERS_NOT_RUN_IN_LAMBDA, ...(needs.sharp ? [SHARP.module] : [])],
  };
}

/**
 * Builds each function's bundle into `outputDirectory/<handler, / as -->@<options>/`, emptied first, and copies
 * what it needs beside it. Answers the bundles in the order of `functions`; functions with the same handler and
 * access share one.
 */
export function buildLambdaBundles(
  projectRoot: string,
  handlersDirectory: string,
  functions: readonly LambdaSource[],
  outputDirectory: string,
): LambdaBundle[] {
  rmSync(outputDirectory, { recursive: true, force: true });
  const entryOf = (handler: string) => join(handlersDirectory, `${handler}.ts`);
  const groups = new Map<string, { options: ReturnType<typeof functionOptions>; handlers: Set<string> }>();
  const needsOf = new Map<string, HandlerNeeds>();
  const bundleKeys = functions.map(({ handler, access }) => {
    const entry = entryOf(handler);
    if (!existsSync(entry)) throw new Error(`Handler "${handler}" has no module at ${entry}`);
    const needs = needsOf.get(handler) ?? handlerNeeds(entry);
    needsOf.set(handler, needs);
    const options = functionOptions(needs, access);
    const key = JSON.stringify(options);
    const group = groups.get(key) ?? { options, handlers: new Set<string>() };
    group.handlers.add(handler);
    groups.set(key, group);
    return `${handler}@${[...groups.keys()].indexOf(key)}`;
  });
  const bundles = new Map<string, LambdaBundle>();
  for (const [index, { options, handlers }] of [...groups.values()].entries()) {
    const folderOf = (handler: string) => `${handler.replaceAll('/', '--')}@${index}`;
    const { metafile } = buildSync({
      ...COMMON_OPTIONS,
      ...options,
      entryPoints: [...handlers].map((handler) => ({
        in: entryOf(handler),
        out: join(folderOf(handler), 'index'),
      })),
      outdir: outputDirectory,
      absWorkingDir: projectRoot,
    });
    if (!metafile) throw new Error('esbuild gave no metafile');
    for (const [file, output] of Object.entries(metafile.outputs)) {
      if (!output.entryPoint) continue;
      const handler = relative(handlersDirectory, resolve(projectRoot, output.entryPoint)).replace(
        /\.ts$/,
        '',
      );
      bundles.set(`${handler}@${index}`, {
        handler,
        directory: join(outputDirectory, folderOf(handler)),
        file: resolve(projectRoot, file),
        bytes: output.bytes,
        output,
        needs: needsOf.get(handler)!,
      });
    }
  }
  for (const bundle of bundles.values()) {
    const copies = [
      ...(bundle.needs.sharp ? sharpCopies(projectRoot, bundle.handler) : []),
      ...(bundle.needs.serifFonts ? serifFontCopies(projectRoot) : []),
      ...(bundle.needs.coverFont ? fontCopies(projectRoot, COVER_FALLBACK_FONTS, 'Generated covers') : []),
      ...(bundle.needs.bookFonts ? fontCopies(projectRoot, BOOK_FONTS, 'Print books') : []),
    ];
    for (const { from, to } of copies) {
      mkdirSync(join(bundle.directory, to, '..'), { recursive: true });
      cpSync(from, join(bundle.directory, to), { recursive: true });
    }
  }
  return bundleKeys.map((key) => {
    const bundle = bundles.get(key);
    if (!bundle) throw new Error(`esbuild wrote no bundle for ${key}`);
    return bundle;
  });
}
