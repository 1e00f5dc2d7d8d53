import { expect, test, type Page, type Route } from '@playwright/test';
import { openNewChapter, paragraphs, pastePlainText, SAVE_TIMEOUT_MS } from './fixtures/chapter-editor';
import { sameOriginHeaders } from './fixtures/app-origin';
import { storedParagraphs } from './fixtures/story-text';

/**
 * Autosave under faults (issue 16, suite 3). An author types, deletes, moves and pastes a few hundred paragraphs
 * while every save request meets a seeded fault — dropped, refused with 500 or 501, delayed (and so overtaken),
 * held for seconds, or stored by the server with its answer lost — and the tab is reloaded and then closed
 * mid-way. Afterwards the editor shows exactly what the author did, and the server holds exactly that:
 * no paragraph lost, duplicated or out of order. The seed can be changed with AUTOSAVE_FAULTS_SEED.
 *
 * The pages run on Playwright's clock: the author's pauses and the queue's backoff are run out at once instead of
 * waited for (the page's timers fire in their order, as they would), while the requests, and the faults they
 * meet, take real time.
 */

const SEED = Number(process.env.AUTOSAVE_FAULTS_SEED ?? 20261123);
const OPERATIONS = 160;

/** mulberry32: a small seeded generator, so a failing run can be replayed exactly. */
function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let value = Math.imul(state ^ (state >>> 15), 1 | state);
    value = (value + Math.imul(value ^ (value >>> 7), 61 | value)) ^ value;
    return ((value ^ (value >>> 14)) >>> 0) / 4294967296;
  };
}

type Fault = 'none' | 'dropped' | 'server-error' | 'not-ready' | 'delayed' | 'answer-lost' | 'held';

/** Every write to the story API meets one fault drawn from the seeded generator. */
class FaultInjector {
  readonly counts: Record<Fault, number> = {
    none: 0,
    dropped: 0,
    'server-error': 0,
    'not-ready': 0,
    delayed: 0,
    'answer-lost': 0,
    held: 0,
  };

  constructor(private readonly random: () => number) {}

  private draw(): Fault {
    const roll = this.random();
    if (roll < 0.35) return 'none';
    if (roll < 0.47) return 'dropped';
    if (roll < 0.59) return 'server-error';
    if (roll < 0.65) return 'not-ready';
    if (roll < 0.8) return 'delayed';
    if (roll < 0.94) return 'answer-lost';
    return 'held';
  }

  readonly handle = async (route: Route) => {
    if (route.request().method() === 'GET') return route.fallback();
    const fault = this.draw();
    this.counts[fault] += 1;
    const wait = (milliseconds: number) => new Promise((resolve) => setTimeout(resolve, milliseconds));
    // The page may be reloaded or closed while a request is held: the route is then gone, which is expected.
    try {
      switch (fault) {
        case 'none':
          return await route.fallback();
        case 'dropped':
          return await route.abort('internetdisconnected');
        case 'server-error':
          return await route.fulfill({ status: 500, json: { error: 'internal', message: 'Injected' } });
        case 'not-ready':
          return await route.fulfill({ status: 501, json: { error: 'not_ready', message: 'Injected' } });
        case 'delayed':
          await wait(this.random() * 1_500);
          return await route.fallback();
        case 'answer-lost':
          await route.fetch();
          return await route.abort('connectionreset');
        case 'held':
          await wait(4_000 + this.random() * 4_000);
          return await route.abort('timedout');
      }
    } catch {
      return undefined;
    }
  };

  get injected(): number {
    return Object.entries(this.counts).reduce(
      (sum, [fault, count]) => sum + (fault === 'none' ? 0 : count),
      0,
    );
  }
}

/** Puts the caret in the paragraph at `index`: at its end, or around its whole text. */
async function placeCaret(page: Page, index: number, mode: 'end' | 'select'): Promise<void> {
  await page.getByRole('textbox', { name: 'Chapter text' }).evaluate(
    (editor, { index, mode }) => {
      const paragraph = editor.querySelectorAll('p')[index]!;
      paragraph.scrollIntoView({ block: 'center' });
      const range = document.createRange();
      range.selectNodeContents(paragraph);
      if (mode === 'end') range.collapse(false);
      const selection = window.getSelection()!;
      selection.removeAllRanges();
      selection.addRange(range);
    },
    { index, mode },
  );
}

test.setTimeout(600_000);

test('typing, deleting, moving and pasting through dropped, refused, delayed and lost saves, a reload and a closed tab loses nothing', async ({
  page,
  context,
}) => {
  // Two streams: the author's actions, and the faults met by the requests in the order they are sent.
  const random = seededRandom(SEED);
  const faults = new FaultInjector(seededRandom(SEED + 1));
  await context.clock.install();
  const { storyId, chapterId, editor, saveStatus } = await openNewChapter(page, 'faults');
  // Autotab would start each new paragraph with a tab; the author's model below is plain text.
  await page.request.put(`/api/stories/${storyId}/settings`, {
    data: { spellcheck: true, autotab: false },
    headers: sameOriginHeaders(page),
  });
  await page.reload();
  await expect(saveStatus).toHaveText('Saved');

  const expected: string[] = [];
  let written = 0;
  const nextText = () => `Paragraph ${(written += 1)} of the long night`;
  const pick = (length: number, from = 0) => from + Math.floor(random() * (length - from));

  await context.route('**/api/stories/**', faults.handle);
  let current = page;
  let currentEditor = editor;
  for (let operation = 0; operation < OPERATIONS; operation += 1) {
    if (operation === Math.floor(OPERATIONS / 3)) {
      await current.reload();
      await expect(paragraphs(currentEditor)).toHaveText(expected, { timeout: SAVE_TIMEOUT_MS });
    }
    if (operation === Math.floor((2 * OPERATIONS) / 3)) {
      await current.close({ runBeforeUnload: true });
      current = await context.newPage();
      await current.goto(`/stories/${storyId}?chapter=${chapterId}`);
      currentEditor = current.getByRole('textbox', { name: 'Chapter text' });
      await expect(paragraphs(currentEditor)).toHaveText(expected, { timeout: SAVE_TIMEOUT_MS });
    }

    const roll = expected.length < 3 ? 0 : random();
    if (expected.length === 0) {
      const text = nextText();
      await currentEditor.click();
      await current.keyboard.type(text);
      expected.push(text);
    } else if (roll < 0.65) {
      const at = pick(expected.length);
      const text = nextText();
      await placeCaret(current, at, 'end');
      await current.keyboard.press('Enter');
      await (random() < 0.5 ? current.keyboard.type(text) : current.keyboard.insertText(text));
      expected.splice(at + 1, 0, text);
    } else if (roll < 0.77) {
      // Delete a paragraph: its text, then the empty line joins the one before.
      const at = pick(expected.length, 1);
      await placeCaret(current, at, 'select');
      await current.keyboard.press('Backspace');
      await current.keyboard.press('Backspace');
      expected.splice(at, 1);
    } else if (roll < 0.89) {
      // Move a paragraph: taken out, then written again after another one.
      const from = pick(expected.length, 1);
      const [moved] = expected.splice(from, 1);
      await placeCaret(current, from, 'select');
      await current.keyboard.press('Backspace');
      await current.keyboard.press('Backspace');
      const to = pick(expected.length);
      await placeCaret(current, to, 'end');
      await current.keyboard.press('Enter');
      await current.keyboard.insertText(moved!);
      expected.splice(to + 1, 0, moved!);
    } else {
      const at = pick(expected.length);
      const lines = Array.from({ length: 2 + pick(4) }, nextText);
      await placeCaret(current, at, 'end');
      await current.keyboard.press('Enter');
      await pastePlainText(currentEditor, lines.join('\n'));
      expected.splice(at + 1, 0, ...lines);
    }
    // Authors pause; autosave sends only outside its quiet window (spec §4: 2 s after each change).
    if (random() < 0.25) await current.clock.runFor(2_200 + random() * 1_500);
  }
  await expect(paragraphs(currentEditor)).toHaveText(expected);

  await context.unrouteAll({ behavior: 'ignoreErrors' });
  // After a run of failures the queue waits up to a minute before it tries again (its longest backoff); a request
  // still held fails once more, so time is moved on until everything is saved.
  const currentSaveStatus = current.getByRole('status').filter({ hasText: /Saved|Saving|waiting/ });
  await expect(async () => {
    await current.clock.runFor(15_000);
    await expect(currentSaveStatus).toHaveText('Saved', { timeout: 2_000 });
  }).toPass({ timeout: 90_000 });
  const stored = await storedParagraphs(current, storyId, chapterId);

  test.info().annotations.push({
    type: 'figures',
    description: `seed ${SEED}: ${OPERATIONS} operations, ${written} paragraphs written, ${expected.length} kept, ${faults.injected} faults injected (${JSON.stringify(faults.counts)}), ${stored.length} stored`,
  });
  console.log(test.info().annotations.at(-1)!.description);
  expect(stored).toEqual(expected);
  // The saves met faults, of several kinds: how many depends on how the queue batched the typing, which a
  // loaded machine batches into fewer requests (11 were seen), so the bound is what every run has met.
  expect(faults.injected).toBeGreaterThanOrEqual(8);
  const kindsMet = Object.entries(faults.counts).filter(([fault, count]) => fault !== 'none' && count > 0);
  expect(kindsMet.length).toBeGreaterThanOrEqual(4);
  await current.reload();
  await expect(paragraphs(currentEditor)).toHaveText(expected, { timeout: SAVE_TIMEOUT_MS });
});
