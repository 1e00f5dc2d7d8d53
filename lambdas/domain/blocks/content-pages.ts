import type { BlockItem } from '../../../shared/schemas/block';
import type { Repositories } from '../repositories';
import type { BlockOrder, StoredBlock } from './block-repository';

/**
 * What one answer may carry of paragraphs. Lambda refuses responses over 6 MB, counted on the invocation's
 * JSON, where the body is a string escaped once more; 4 MiB of items measured that way leaves room for the
 * story, its chapter list and the headers. A paragraph is at most 64 KB of JSON (256 KB escaped twice), so a
 * page always holds at least one.
 */
export const PAGE_BUDGET_BYTES = 4 * 1024 * 1024;

/** Blocks read per BatchGetItem (DynamoDB's own limit). */
const BLOCKS_PER_READ = 100;
/** BatchGetItems made at once by a page read by key. */
const PARALLEL_READS = 4;

const utf8 = new TextEncoder();

/** The item's size as Lambda counts it: its JSON inside the body, inside the invocation's JSON. */
export function responseBytes(value: unknown): number {
  return utf8.encode(JSON.stringify(JSON.stringify(value))).length;
}

/** The UTF-8 bytes of `text` written in a JSON string that is itself written in a JSON string, quotes left out. */
function doublyEscapedBytes(text: string): number {
  let bytes = 0;
  for (let index = 0; index < text.length; index += 1) {
    const code = text.charCodeAt(index);
    if (code === 0x22 || code === 0x5c) {
      // `"` and `\`: `\"` once, `\\\"` twice.
      bytes += 4;
    } else if (code < 0x20) {
      // Control characters: `\n` (and \b \t \f \r) once, `\\n` twice; the others `\u00XX`, then `\\u00XX`.
      bytes += code === 0x08 || code === 0x09 || code === 0x0a || code === 0x0c || code === 0x0d ? 3 : 7;
    } else if (code < 0x80) {
      bytes += 1;
    } else if (code < 0x800) {
      bytes += 2;
    } else if (code >= 0xd800 && code <= 0xdbff && isLowSurrogate(text.charCodeAt(index + 1))) {
      bytes += 4;
      index += 1;
    } else if (code >= 0xd800 && code <= 0xdfff) {
      // A lone surrogate is written as an escape such as `\ud800`, then `\\ud800`: 7 bytes.
      bytes += 7;
    } else {
      bytes += 3;
    }
  }
  return bytes;
}

const isLowSurrogate = (code: number) => code >= 0xdc00 && code <= 0xdfff;

/** What an item holds besides its key_id, chunk, place and revision. */
const ITEM_FRAME_BYTES =
  responseBytes({ key_id: { Value: '' }, chunk: { Value: '' }, place: { Value: '' }, revision: 0 }) - 1;

/**
 * `responseBytes(toItem(block, place))` without writing the item twice as JSON: the size check of every
 * paragraph of a page, so a chapter's answer is serialised once, to be sent.
 */
export function itemResponseBytes(block: StoredBlock, place: number): number {
  return (
    ITEM_FRAME_BYTES +
    doublyEscapedBytes(block.key_id) +
    doublyEscapedBytes(block.chunk) +
    String(place).length +
    String(block.revision).length
  );
}

export interface ContentPage {
  items: BlockItem[];
  /** The place the next page starts at; absent when this page reaches the chapter's end. */
  next?: number;
  bytes: number;
}

/** A stored block as the content answer carries it (spec §3 item shape, plus the revision the page saves on). */
export const toItem = (block: StoredBlock, place: number): BlockItem => ({
  key_id: { Value: block.key_id },
  chunk: { Value: block.chunk },
  place: { Value: String(place) },
  revision: block.revision,
});

/**
 * The chapter's paragraphs in reading order from place `from`, as many as fit in `budgetBytes` (at least one
 * when `mustHoldOne`) and at most `maxParagraphs`. Places follow the chapter's order (`order` when the caller
 * has read it already); after it come blocks the order misses, so no stored paragraph can be hidden.
 *
 * The first page reads the whole chapter at once (`readBlocksUpTo`, a few Queries side by side, which find the
 * blocks the order misses too) unless its paragraphs pass the budget, as nearly no chapter does, or it is held
 * to a few paragraphs; then, as every later page, it reads only its own blocks (BatchGetItem, 400 at a time),
 * never the whole chapter, and the page that reaches the order's end finds the missed blocks by a keys-only
 * Query.
 */
export async function readContentPage(
  repositories: Repositories,
  chapterId: string,
  from: number,
  budgetBytes: number,
  mustHoldOne: boolean,
  orderRead?: BlockOrder,
  maxParagraphs = Infinity,
): Promise<ContentPage> {
  const order = orderRead ?? (await repositories.blocks.getOrder(chapterId));
  const page = new PageFiller(budgetBytes, mustHoldOne, maxParagraphs);
  const inOrder = () => new Set(order.key_ids);
  // Blocks read already: by key, only the others are read.
  let known = new Map<string, StoredBlock>();
  if (from === 0 && maxParagraphs === Infinity) {
    const { blocks, complete } = await repositories.blocks.readBlocksUpTo(
      chapterId,
      order.key_ids,
      budgetBytes,
    );
    if (complete) {
      const ordered = inOrder();
      const orphans = [...blocks.keys()].filter((keyId) => !ordered.has(keyId));
      return page.fill([...order.key_ids, ...orphans.sort()], 0, (keyId) => blocks.get(keyId)) ?? page.done();
    }
    known = blocks;
  }
  let keyIds = order.key_ids;
  let orphansListed = false;
  for (let place = from; ;) {
    if (place >= keyIds.length) {
      if (orphansListed) return page.done();
      const ordered = inOrder();
      const orphans = (await repositories.blocks.listKeyIds(chapterId)).filter((id) => !ordered.has(id));
      keyIds = [...order.key_ids, ...orphans.sort()];
      orphansListed = true;
      if (place >= keyIds.length) return page.done();
    }
    const window = keyIds.slice(place, place + Math.min(BLOCKS_PER_READ * PARALLEL_READS, page.room()));
    const unread = window.filter((keyId) => !known.has(keyId));
    const reads = await Promise.all(
      Array.from({ length: Math.ceil(unread.length / BLOCKS_PER_READ) }, (_, index) =>
        repositories.blocks.getBlocks(
          chapterId,
          unread.slice(index * BLOCKS_PER_READ, (index + 1) * BLOCKS_PER_READ),
        ),
      ),
    );
    const fetched = new Map(reads.flatMap((read) => [...read]));
    const full = page.fill(window, place, (keyId) => known.get(keyId) ?? fetched.get(keyId));
    if (full) return full;
    place += window.length;
    if (page.room() === 0 && !(orphansListed && place >= keyIds.length)) return page.endingBefore(place);
  }
}

/** A page being filled, in reading order, until its budget is spent. */
class PageFiller {
  private readonly items: BlockItem[] = [];
  private bytes = 0;

  constructor(
    private readonly budgetBytes: number,
    private readonly mustHoldOne: boolean,
    private readonly maxParagraphs: number,
  ) {}

  /** How many more paragraphs the page may hold. */
  room(): number {
    return this.maxParagraphs - this.items.length;
  }

  /**
   * Adds the stored blocks among `keyIds` (the first at place `from`; a key without a block keeps its place
   * empty); answers the page once one does not fit, naming its place as the next page's start.
   */
  fill(
    keyIds: readonly string[],
    from: number,
    blockOf: (keyId: string) => StoredBlock | undefined,
  ): ContentPage | undefined {
    for (let index = 0; index < keyIds.length; index += 1) {
      const block = blockOf(keyIds[index]!);
      if (!block) continue;
      const place = from + index;
      const bytes = itemResponseBytes(block, place);
      if (this.bytes + bytes > this.budgetBytes && (this.items.length > 0 || !this.mustHoldOne)) {
        return { items: this.items, next: place, bytes: this.bytes };
      }
      this.items.push(toItem(block, place));
      this.bytes += bytes;
    }
    return undefined;
  }

  /** The page, which reaches the chapter's end. */
  done(): ContentPage {
    return { items: this.items, bytes: this.bytes };
  }

  /** The page, the next one starting at place `next`. */
  endingBefore(next: number): ContentPage {
    return { items: this.items, next, bytes: this.bytes };
  }
}
