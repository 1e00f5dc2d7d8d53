import type { BlockItem } from '../../../shared/schemas/block';
import type { Repositories } from '../repositories';
import type { StoredBlock } from './block-repository';

/**
 * What one answer may carry of paragraphs. Lambda refuses responses over 6 MB, counted on the invocation's
 * JSON, where the body is a string escaped once more; 4 MiB of items measured that way leaves room for the
 * story, its chapter list and the headers. A paragraph is at most 64 KB of JSON (256 KB escaped twice), so a
 * page always holds at least one.
 */
export const PAGE_BUDGET_BYTES = 4 * 1024 * 1024;

/** Blocks read per BatchGetItem (DynamoDB's own limit). */
const BLOCKS_PER_READ = 100;
/** BatchGetItems made at once: a chapter of 2,000 paragraphs loads in five rounds. */
const PARALLEL_READS = 4;

const utf8 = new TextEncoder();

/** The item's size as Lambda counts it: its JSON inside the body, inside the invocation's JSON. */
export function responseBytes(value: unknown): number {
  return utf8.encode(JSON.stringify(JSON.stringify(value))).length;
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
 * when `mustHoldOne`). Places follow the chapter's order; after it come blocks the order misses, so no stored
 * paragraph can be hidden — found by a keys-only Query made only by the page that reaches the order's end.
 * Only the page's blocks are read (BatchGetItem, 400 at a time), never the whole chapter.
 */
export async function readContentPage(
  repositories: Repositories,
  chapterId: string,
  from: number,
  budgetBytes: number,
  mustHoldOne: boolean,
): Promise<ContentPage> {
  const order = await repositories.blocks.getOrder(chapterId);
  let keyIds = order.key_ids;
  const items: BlockItem[] = [];
  let bytes = 0;
  let place = from;
  let orphansListed = false;
  for (;;) {
    if (place >= keyIds.length) {
      if (orphansListed) return { items, bytes };
      const ordered = new Set(order.key_ids);
      const orphans = (await repositories.blocks.listKeyIds(chapterId)).filter((id) => !ordered.has(id));
      keyIds = [...order.key_ids, ...orphans.sort()];
      orphansListed = true;
      continue;
    }
    const window = keyIds.slice(place, place + BLOCKS_PER_READ * PARALLEL_READS);
    const reads = await Promise.all(
      Array.from({ length: Math.ceil(window.length / BLOCKS_PER_READ) }, (_, index) =>
        repositories.blocks.getBlocks(
          chapterId,
          window.slice(index * BLOCKS_PER_READ, (index + 1) * BLOCKS_PER_READ),
        ),
      ),
    );
    const blocks = new Map(reads.flatMap((read) => [...read]));
    for (const keyId of window) {
      const block = blocks.get(keyId);
      if (block) {
        const item = toItem(block, place);
        const itemBytes = responseBytes(item);
        if (bytes + itemBytes > budgetBytes && (items.length > 0 || !mustHoldOne)) {
          return { items, next: place, bytes };
        }
        items.push(item);
        bytes += itemBytes;
      }
      place += 1;
    }
  }
}
