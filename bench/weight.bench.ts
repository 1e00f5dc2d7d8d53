/**
 * Issue 17 figure 6, the weight of what we ship:
 * - every Lambda bundle (routes, workers, the scheduled job) as the stack builds and uploads it
 *   (`lib/constructs/lambda-bundles.ts`), minified:
 *   its size against ≤ 300 KB for API handlers, the packages that weigh most, and its cold import in Node (a
 *   fresh process per import with Lambda's NODE_OPTIONS, median of a few);
 * - the web app in Chromium: the JS and CSS a signed-in author's browser loads to show `/stories` (target
 *   ≤ 150 KB gzipped) and, from an empty cache, a story's workspace with its chapter editable (target ≤ 250
 *   KB), each gzipped as CloudFront serves it;
 * - Lighthouse's performance score (its default mobile profile) on both pages, signed in through the session
 *   cookie, target ≥ 90 on the story list and ≥ 85 on the workspace, whose chapter holds 10,000 words.
 *
 * Needs the built web app (`npm run build:web`; WEB_ROOT names another build, as for `bin/local.ts`, to weigh
 * a copy kept from before a change) and Debian's Chromium (CHROME_PATH, by default /usr/bin/chromium).
 * WEIGHT_BENCH_PARTS=lambdas,web,lighthouse picks parts; LIGHTHOUSE_RUNS sets the runs per page (median
 * printed).
 *
 *   npm run build:web && npx tsx bench/weight.bench.ts
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { gzipSync } from 'node:zlib';
import { chromium, type BrowserContext, type Page } from '@playwright/test';
import { launch } from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { routes, scheduledJobs, workers } from '../lambdas/routes';
import { sessionCookieName } from '../lambdas/middleware/cookies';
import type { Story } from '../shared/schemas/story';
import { signIn, startTestRuntime, type TestBrowser } from '../test/helpers/embedded-runtime';
import { multipartForm } from '../test/helpers/images';
import { median, printFigure } from './support/figures';
import { sendOk } from './support/embedded-api';
import { paragraphChunk } from './paragraph-chunk';
import { buildLambdaBundles, type LambdaBundle } from '../lib/constructs/lambda-bundles';
import { weightByPackage } from './support/lambda-bundle';

const repositoryRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const handlersDirectory = path.join(repositoryRoot, 'lambdas');
const webRoot = path.resolve(process.env.WEB_ROOT ?? path.join(repositoryRoot, 'web', 'dist'));
const chromePath = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const parts = new Set((process.env.WEIGHT_BENCH_PARTS ?? 'lambdas,web,lighthouse').split(','));

const API_HANDLER_TARGET_KB = 300;
const FIRST_ROUTE_TARGET_KB = 150;
/** Issue 26 §3. */
const WORKSPACE_TARGET_KB = 250;
const LIGHTHOUSE_TARGET = 90;
const LIGHTHOUSE_WORKSPACE_TARGET = 85;
/** The workspace's chapter: 10,000 words in 400 paragraphs of 25. */
const CHAPTER_PARAGRAPHS = 400;
const WORDS_PER_PARAGRAPH = 25;
const COLD_IMPORT_RUNS = 3;
const LIGHTHOUSE_RUNS = Number(process.env.LIGHTHOUSE_RUNS ?? 3);
const HEAVIEST_PACKAGES_SHOWN = 4;
const PHONE_RUNS = 3;

const kilobytes = (bytes: number) => bytes / 1024;
const formatKb = (bytes: number) => `${kilobytes(bytes).toFixed(0)} KB`;

/**
 * What every function gets from the stack (lib/stacks/api-stack.ts) and Lambda itself, with placeholder
 * values: importing a handler reads its configuration but contacts nothing.
 */
const LAMBDA_ENVIRONMENT = {
  RUNTIME: 'aws',
  AWS_REGION: 'us-east-1',
  LOG_LEVEL: 'info',
  APP_ORIGIN: 'https://write.example.com',
  OIDC_ISSUER: 'https://cognito-idp.us-east-1.amazonaws.com/us-east-1_bench',
  OIDC_CLIENT_ID: 'bench',
  OIDC_PROVIDER_HINT: 'cognito',
  TABLE_NAME: 'loreweaver-bench',
  NODE_OPTIONS: '--enable-source-maps',
};

const IMPORT_TIMER =
  'const started = performance.now(); await import(process.argv[1]); ' +
  'process.stdout.write(String(performance.now() - started));';

/** Milliseconds for a fresh Node process to import the bundle (its module evaluation included). */
function coldImportMs(bundle: LambdaBundle): number {
  const child = spawnSync(
    process.execPath,
    ['--input-type=module', '-e', IMPORT_TIMER, pathToFileURL(bundle.file).href],
    { encoding: 'utf8', env: { PATH: process.env.PATH, ...LAMBDA_ENVIRONMENT } },
  );
  if (child.status !== 0) throw new Error(`importing ${bundle.file} failed: ${child.stderr}`);
  return Number(child.stdout);
}

async function weighLambdas(): Promise<void> {
  const functions = [
    ...routes.map((route) => ({ handler: route.handler, access: route.access, api: true })),
    ...workers.map((worker) => ({ handler: worker.handler, access: worker.access, api: false })),
    ...scheduledJobs.map((job) => ({ handler: job.handler, access: job.access, api: false })),
  ].filter((entry, index, all) => all.findIndex((other) => other.handler === entry.handler) === index);
  const outputRoot = mkdtempSync(path.join(tmpdir(), 'loreweaver-weight-'));
  const apiSizes: number[] = [];
  const apiImports: number[] = [];
  let overTarget = 0;
  try {
    const bundles = buildLambdaBundles(repositoryRoot, handlersDirectory, functions, outputRoot);
    for (const [index, bundle] of bundles.entries()) {
      const { handler, api } = functions[index]!;
      const importMs = median(Array.from({ length: COLD_IMPORT_RUNS }, () => coldImportMs(bundle)));
      const heaviest = weightByPackage(bundle)
        .slice(0, HEAVIEST_PACKAGES_SHOWN)
        .map((entry) => `${entry.name} ${formatKb(entry.bytes)}`)
        .join(', ');
      printFigure({
        name: `${api ? 'API handler' : 'worker'} ${handler}`,
        value: kilobytes(bundle.bytes),
        unit: 'KB',
        ...(api ? { target: { at: 'most' as const, limit: API_HANDLER_TARGET_KB } } : {}),
        comparison: `cold import ${importMs.toFixed(0)} ms; heaviest: ${heaviest}`,
      });
      if (api) {
        apiSizes.push(kilobytes(bundle.bytes));
        apiImports.push(importMs);
        if (kilobytes(bundle.bytes) > API_HANDLER_TARGET_KB) overTarget += 1;
      }
    }
  } finally {
    rmSync(outputRoot, { recursive: true, force: true });
  }
  printFigure({
    name: 'API handlers over 300 KB',
    value: overTarget,
    unit: `of ${apiSizes.length}`,
    target: { at: 'most', limit: 0 },
  });
  printFigure({
    name: 'API handler bundle, median',
    value: median(apiSizes),
    unit: 'KB',
    target: { at: 'most', limit: API_HANDLER_TARGET_KB },
    comparison: `largest ${Math.max(...apiSizes).toFixed(0)} KB`,
  });
  printFigure({
    name: 'API handler cold import, median',
    value: median(apiImports),
    unit: 'ms',
    comparison: `slowest ${Math.max(...apiImports).toFixed(0)} ms (Node ${process.version})`,
  });
}

/** A signed-in author with one story, in a runtime serving the built web app. */
async function withSignedInAuthor(
  measure: (site: { url: string; cookie: { name: string; value: string }; storyId: string }) => Promise<void>,
): Promise<void> {
  if (!existsSync(path.join(webRoot, 'index.html'))) {
    throw new Error(`No built web app in ${webRoot}: run \`npm run build:web\` first.`);
  }
  const runtime = await startTestRuntime({ webRoot });
  try {
    const author: TestBrowser = await signIn(runtime, 'weight-bench@example.com', 'Bench');
    const name = sessionCookieName(runtime.ports.config);
    const created = await author.fetch('/api/stories', {
      method: 'POST',
      body: multipartForm({ title: 'The Lantern Road', description: 'A story to weigh the pages with.' }),
    });
    if (created.status !== 201) throw new Error(`Creating the story answered ${created.status}`);
    const story = (await created.json()) as Story;
    const chapterId = story.chapters![0]!.id;
    const sentence = Array.from({ length: WORDS_PER_PARAGRAPH }, (_, index) => `word${index}`).join(' ');
    await sendOk(author, 'PUT', `/api/stories/${story.story_id}`, {
      story_id: story.story_id,
      chapter_id: chapterId,
      blocks: Array.from({ length: CHAPTER_PARAGRAPHS }, (_, place) => ({
        key_id: `weight-${place}`,
        chunk: paragraphChunk(`weight-${place}`, sentence),
        place: String(place),
      })),
    });
    await measure({
      url: runtime.url,
      cookie: { name, value: author.cookie(name)! },
      storyId: story.story_id,
    });
  } finally {
    await runtime.close();
  }
}

interface PageWeight {
  gzippedBytes: number;
  rawBytes: number;
  files: { url: string; gzippedBytes: number }[];
}

/**
 * The JS and CSS a fresh browser context loads to show the page, until `shown` resolves: each file's body
 * gzipped (CloudFront compresses them; the embedded runtime does not).
 */
async function pageWeight(
  context: BrowserContext,
  url: string,
  shown: (page: Page) => Promise<void>,
): Promise<PageWeight> {
  const page = await context.newPage();
  const bodies: Promise<{ url: string; body: Buffer } | undefined>[] = [];
  page.on('response', (response) => {
    const type = response.request().resourceType();
    if (type !== 'script' && type !== 'stylesheet') return;
    bodies.push(
      response.body().then(
        (body) => ({ url: response.url(), body }),
        () => undefined,
      ),
    );
  });
  await page.goto(url);
  await shown(page);
  const loaded = (await Promise.all(bodies)).filter((entry) => entry !== undefined);
  await page.close();
  const files = loaded
    .map(({ url: fileUrl, body }) => ({
      url: new URL(fileUrl).pathname,
      gzippedBytes: gzipSync(body).byteLength,
      rawBytes: body.byteLength,
    }))
    .sort((first, second) => second.gzippedBytes - first.gzippedBytes);
  return {
    gzippedBytes: files.reduce((sum, file) => sum + file.gzippedBytes, 0),
    rawBytes: files.reduce((sum, file) => sum + file.rawBytes, 0),
    files,
  };
}

function describeWeight(weight: PageWeight): string {
  const largest = weight.files
    .slice(0, 3)
    .map((file) => `${path.basename(file.url)} ${formatKb(file.gzippedBytes)}`)
    .join(', ');
  return `${weight.files.length} files, ${formatKb(weight.rawBytes)} uncompressed; largest ${largest}`;
}

/** A mid-range phone on a slow 4G network, as Lighthouse's mobile profile assumes it (150 ms, 1.6 Mbit/s, 4× CPU). */
const PHONE_NETWORK = {
  latency: 150,
  downloadThroughput: (1.6 * 1024 * 1024) / 8,
  uploadThroughput: (750 * 1024) / 8,
};
const PHONE_CPU_SLOWDOWN = 4;

/** A page of an emulated phone; without the page's first script, its file refused. */
async function phonePage(context: BrowserContext, withFirstScript: boolean): Promise<Page> {
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', { offline: false, ...PHONE_NETWORK });
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: PHONE_CPU_SLOWDOWN });
  if (!withFirstScript) await page.route(/\/assets\/early-reads-/, (route) => route.abort());
  return page;
}

/**
 * /stories opened on an emulated phone from an empty cache, watched in the browser itself: when its largest paint
 * happened (the first cover) and when the app showed the list; with the page's first script, or without it (its
 * file refused: the app then reads everything itself once its code has arrived).
 */
async function storyListOnPhone(context: BrowserContext, withFirstScript: boolean) {
  const page = await phonePage(context, withFirstScript);
  const started = Date.now();
  await page.goto('/stories', { waitUntil: 'commit' });
  await page.getByRole('article', { name: 'The Lantern Road' }).waitFor({ timeout: 60_000 });
  const listShown = Date.now() - started;
  const largestPaint = await page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        new PerformanceObserver((entries) => resolve(entries.getEntries().at(-1)!.startTime)).observe({
          type: 'largest-contentful-paint',
          buffered: true,
        });
      }),
  );
  await page.close();
  return { largestPaint, listShown };
}

/**
 * A story's workspace opened on an emulated phone from an empty cache: when the chapter's first words showed
 * (drawn by the first script, the app's opening or its editor, on the page's clock) and when the chapter was
 * editable; with the page's first script or without it, as for the story list.
 */
async function workspaceOnPhone(context: BrowserContext, storyId: string, withFirstScript: boolean) {
  const page = await phonePage(context, withFirstScript);
  await page.goto(`/stories/${storyId}`, { waitUntil: 'commit' });
  const firstWords = await page.waitForFunction(
    () => {
      const shown = [...document.querySelectorAll('p')].find(
        (paragraph) => paragraph.textContent?.startsWith('word0') && paragraph.checkVisibility(),
      );
      return shown ? performance.now() : 0;
    },
    undefined,
    { polling: 'raf', timeout: 60_000 },
  );
  const editable = await page.waitForFunction(
    () => (document.querySelector('[aria-label="Chapter text"]') ? performance.now() : 0),
    undefined,
    { polling: 'raf', timeout: 60_000 },
  );
  const timings = { firstWords: await firstWords.jsonValue(), editable: await editable.jsonValue() };
  await page.close();
  return timings;
}

async function weighWebApp(site: {
  url: string;
  cookie: { name: string; value: string };
  storyId: string;
}): Promise<void> {
  const browser = await chromium.launch({ executablePath: chromePath });
  try {
    const signedIn = async () => {
      const context = await browser.newContext({ baseURL: site.url });
      await context.addCookies([{ ...site.cookie, url: site.url }]);
      return context;
    };
    const storiesContext = await signedIn();
    const stories = await pageWeight(storiesContext, '/stories', async (page) => {
      await page.getByRole('heading', { name: 'The Lantern Road' }).waitFor();
    });
    await storiesContext.close();
    printFigure({
      name: 'web: first route /stories, JS + CSS gzipped',
      value: kilobytes(stories.gzippedBytes),
      unit: 'KB',
      target: { at: 'most', limit: FIRST_ROUTE_TARGET_KB },
      comparison: describeWeight(stories),
    });
    const phoneRuns = async <T>(
      measure: (context: BrowserContext, withFirstScript: boolean) => Promise<T>,
    ) => {
      const runs = { withScript: [] as T[], withoutScript: [] as T[] };
      for (let run = 0; run < PHONE_RUNS; run += 1) {
        for (const withFirstScript of [true, false]) {
          const context = await signedIn();
          (withFirstScript ? runs.withScript : runs.withoutScript).push(
            await measure(context, withFirstScript),
          );
          await context.close();
        }
      }
      return runs;
    };
    const seconds = (milliseconds: number) => `${(milliseconds / 1000).toFixed(2)} s`;
    const list = await phoneRuns(storyListOnPhone);
    printFigure({
      name: '/stories on an emulated phone (slow 4G, 4× CPU), empty cache: largest paint',
      value: median(list.withScript.map((run) => run.largestPaint)) / 1000,
      unit: 's',
      comparison: `median of ${PHONE_RUNS}; without the page's first script ${seconds(median(list.withoutScript.map((run) => run.largestPaint)))}; the app's own list shown at ${seconds(median(list.withScript.map((run) => run.listShown)))} from the navigation`,
    });
    const chapter = await phoneRuns((context, withFirstScript) =>
      workspaceOnPhone(context, site.storyId, withFirstScript),
    );
    printFigure({
      name: 'the workspace on an emulated phone (slow 4G, 4× CPU), empty cache: first words shown',
      value: median(chapter.withScript.map((run) => run.firstWords)) / 1000,
      unit: 's',
      comparison: `median of ${PHONE_RUNS}; without the page's first script ${seconds(median(chapter.withoutScript.map((run) => run.firstWords)))}; the chapter editable at ${seconds(median(chapter.withScript.map((run) => run.editable)))}`,
    });
    const workspaceContext = await signedIn();
    const workspace = await pageWeight(workspaceContext, `/stories/${site.storyId}`, async (page) => {
      await page.getByRole('textbox', { name: 'Chapter text' }).waitFor();
    });
    await workspaceContext.close();
    printFigure({
      name: 'web: workspace, from an empty cache, JS + CSS gzipped',
      value: kilobytes(workspace.gzippedBytes),
      unit: 'KB',
      target: { at: 'most', limit: WORKSPACE_TARGET_KB },
      comparison: describeWeight(workspace),
    });
  } finally {
    await browser.close();
  }
}

interface LighthouseRun {
  score: number;
  opportunities: string[];
  /** The timings the score is made of, in ms (layout shift unitless). */
  metrics: Record<string, number>;
}

/** The audits the performance score weighs, by the short names printed. */
const SCORED_METRICS = {
  FCP: 'first-contentful-paint',
  LCP: 'largest-contentful-paint',
  TBT: 'total-blocking-time',
  SI: 'speed-index',
  CLS: 'cumulative-layout-shift',
} as const;

async function lighthouseRun(url: string, cookie: { name: string; value: string }): Promise<LighthouseRun> {
  const chrome = await launch({
    chromePath,
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu'],
  });
  try {
    const result = await lighthouse(url, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance'],
      extraHeaders: { Cookie: `${cookie.name}=${cookie.value}` },
    });
    if (!result) throw new Error(`Lighthouse answered nothing for ${url}`);
    const { lhr } = result;
    const opportunities = Object.values(lhr.audits)
      .filter((audit) => audit.details?.type === 'opportunity' && (audit.score ?? 1) < 0.9)
      .map((audit) => audit.title);
    const metrics = Object.fromEntries(
      Object.entries(SCORED_METRICS).map(([name, audit]) => [name, lhr.audits[audit]?.numericValue ?? NaN]),
    );
    return { score: (lhr.categories.performance?.score ?? 0) * 100, opportunities, metrics };
  } finally {
    chrome.kill();
  }
}

async function scoreWithLighthouse(site: {
  url: string;
  cookie: { name: string; value: string };
  storyId: string;
}): Promise<void> {
  const pages = [
    { name: '/stories', url: `${site.url}/stories`, target: LIGHTHOUSE_TARGET },
    {
      name: 'the workspace, a 10,000-word chapter',
      url: `${site.url}/stories/${site.storyId}`,
      target: LIGHTHOUSE_WORKSPACE_TARGET,
    },
  ];
  for (const page of pages) {
    const runs: LighthouseRun[] = [];
    for (let run = 0; run < LIGHTHOUSE_RUNS; run += 1) runs.push(await lighthouseRun(page.url, site.cookie));
    const scores = runs.map((run) => run.score);
    const opportunities = [...new Set(runs.flatMap((run) => run.opportunities))];
    const metrics = Object.keys(SCORED_METRICS)
      .map((name) => {
        const value = median(runs.map((run) => run.metrics[name]!));
        return name === 'CLS' ? `${name} ${value.toFixed(3)}` : `${name} ${(value / 1000).toFixed(2)} s`;
      })
      .join(', ');
    printFigure({
      name: `Lighthouse performance, ${page.name} (mobile), median of ${runs.length}`,
      value: median(scores),
      unit: 'points',
      target: { at: 'least', limit: page.target },
      comparison: `runs ${scores.map((score) => score.toFixed(0)).join(', ')}; medians ${metrics}${
        opportunities.length > 0 ? `; opportunities: ${opportunities.join('; ')}` : ''
      }`,
    });
  }
}

if (parts.has('lambdas')) await weighLambdas();
if (parts.has('web') || parts.has('lighthouse')) {
  await withSignedInAuthor(async (site) => {
    if (parts.has('web')) await weighWebApp(site);
    if (parts.has('lighthouse')) await scoreWithLighthouse(site);
  });
}
