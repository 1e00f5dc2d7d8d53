/**
 * Issue 26 §2: a paragraph changed on two devices, merged three-way at the character level, the way a careful
 * editor would: `base` is the version both started from, `mine` and `theirs` the two changed versions.
 *
 * Each character is taken with its formatting (a text run's format, style and type) and each inline node that
 * is not plain text (a mention, a line break) as one unit, so formatting is merged like text. diff-match-patch
 * diffs base → mine and base → theirs over those units; the two edit lists are then laid over the base
 * together. Edits that touch disjoint parts of the base merge; edits over the same units, an insertion inside
 * a range the other side changed, or two different insertions at one place are a conflict, and the caller keeps
 * both versions whole. `patch_apply` is not used: its fuzzy placement of a deletion can remove what the other
 * side typed inside it, and nothing typed may be lost.
 *
 * Shared by the lambdas and the web app: no Node-only APIs.
 */
import DiffMatchPatch from 'diff-match-patch';
import { ParagraphSchema, type InlineNode, type Paragraph } from './schemas/paragraph';
import { editedText, type TextEdit } from './text-replacement';

export type ParagraphMerge =
  /** Both sides' changes, in one paragraph (chunk: the paragraph's JSON). */
  | { kind: 'merged'; chunk: string }
  /** The two changes overlap (or a version cannot be read): both versions are to be kept. */
  | { kind: 'conflict' };

/** One unit of a paragraph: a character of a text run, or a whole inline node of another kind. */
interface Unit {
  /** The run without its text (for a character), or the whole node. */
  node: InlineNode;
  /** The character, for a character of a text run. */
  character?: string;
}

const CONFLICT: ParagraphMerge = { kind: 'conflict' };
/** Units are encoded as UTF-16 code units 1…65535 (diff-match-patch diffs code units, valid text or not). */
const MAX_DISTINCT_UNITS = 0xffff;

function parse(chunk: string): Paragraph | undefined {
  try {
    const parsed = ParagraphSchema.safeParse(JSON.parse(chunk));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

/** A key that names the same value whatever the order of its object's fields. */
function stableKey(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(stableKey).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, field]) => field !== undefined)
      .sort(([left], [right]) => (left < right ? -1 : left > right ? 1 : 0));
    return `{${entries.map(([field, inner]) => `${JSON.stringify(field)}:${stableKey(inner)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

/** Turns paragraphs' children into strings of code units, one per unit, sharing one dictionary. */
class UnitEncoder {
  private readonly codes = new Map<string, string>();
  private readonly units: Unit[] = [];

  encode(children: readonly InlineNode[]): string | undefined {
    let encoded = '';
    for (const node of children) {
      if (node.type === 'text' && typeof node.text === 'string') {
        const { text, ...run } = node;
        // Code points, not code units: an emoji's two halves must never be split between edits.
        for (const character of text) {
          const code = this.codeOf({ node: run as InlineNode, character });
          if (code === undefined) return undefined;
          encoded += code;
        }
      } else {
        const code = this.codeOf({ node });
        if (code === undefined) return undefined;
        encoded += code;
      }
    }
    return encoded;
  }

  decode(encoded: string): InlineNode[] {
    const children: InlineNode[] = [];
    let run: { key: string; node: InlineNode; text: string } | undefined;
    for (const code of encoded) {
      const unit = this.units[code.charCodeAt(0) - 1]!;
      if (unit.character === undefined) {
        if (run) children.push({ ...run.node, text: run.text } as InlineNode);
        run = undefined;
        children.push(unit.node);
        continue;
      }
      const key = stableKey(unit.node);
      if (run?.key === key) {
        run.text += unit.character;
      } else {
        if (run) children.push({ ...run.node, text: run.text } as InlineNode);
        run = { key, node: unit.node, text: unit.character };
      }
    }
    if (run) children.push({ ...run.node, text: run.text } as InlineNode);
    return children;
  }

  private codeOf(unit: Unit): string | undefined {
    const key = `${stableKey(unit.node)}\u0000${unit.character ?? ''}`;
    let code = this.codes.get(key);
    if (code === undefined) {
      if (this.units.length >= MAX_DISTINCT_UNITS) return undefined;
      this.units.push(unit);
      // 1-based: a NUL code unit is left out, as some text paths treat it as an end.
      code = String.fromCharCode(this.units.length);
      this.codes.set(key, code);
    }
    return code;
  }
}

const differ = new DiffMatchPatch();
// A diff is always finished: a time limit would give a coarser diff on a slow device and turn a clean merge
// into a conflict.
differ.Diff_Timeout = 0;

/** The edits that turn `base` into `changed`: each run of inserted and deleted units between equal ones. */
function editsOf(base: string, changed: string): TextEdit[] {
  const edits: TextEdit[] = [];
  let position = 0;
  let open: TextEdit | undefined;
  for (const [operation, text] of differ.diff_main(base, changed, false)) {
    if (operation === DiffMatchPatch.DIFF_EQUAL) {
      if (open) edits.push(open);
      open = undefined;
      position += text.length;
      continue;
    }
    open ??= { start: position, end: position, insert: '' };
    if (operation === DiffMatchPatch.DIFF_DELETE) {
      position += text.length;
      open.end = position;
    } else {
      open.insert += text;
    }
  }
  if (open) edits.push(open);
  return edits;
}

function sameEdit(left: TextEdit, right: TextEdit): boolean {
  return left.start === right.start && left.end === right.end && left.insert === right.insert;
}

/**
 * Two edits of the base that cannot both stand: they change a common unit, one inserts strictly inside what
 * the other replaces, or both insert different text at one place (which comes first is the author's call).
 */
function overlap(left: TextEdit, right: TextEdit): boolean {
  if (left.start < right.end && right.start < left.end) return true;
  const leftInserts = left.start === left.end;
  const rightInserts = right.start === right.end;
  return leftInserts && rightInserts && left.start === right.start;
}

/**
 * The same deletion at the other places it could stand: deleting one of a run of repeated text ("by by")
 * deletes the same, one place on or back, and which one a diff names is a guess. When that guess meets the
 * other side's edit, another may not. (Insertions are not moved: two typed at one place, however the diff
 * names it, are the author's to order.)
 */
function equivalentPlacements(base: string, edit: TextEdit): TextEdit[] {
  const placements: TextEdit[] = [];
  if (edit.insert !== '' || edit.end === edit.start) return placements;
  for (let { start, end } = edit; end < base.length && base[start] === base[end];) {
    placements.push({ start: ++start, end: ++end, insert: '' });
  }
  for (let { start, end } = edit; start > 0 && base[start - 1] === base[end - 1];) {
    placements.push({ start: --start, end: --end, insert: '' });
  }
  return placements;
}

/** `edit`, or an equivalent placement of it, that meets none of `others`; undefined when every one does. */
function placedClear(base: string, edit: TextEdit, others: readonly TextEdit[]): TextEdit | undefined {
  return [edit, ...equivalentPlacements(base, edit)].find(
    (placement) => !others.some((other) => overlap(other, placement)),
  );
}

/**
 * Both edit lists laid over the base; undefined when two edits overlap wherever they could stand. An edit of
 * theirs that meets one of mine is moved to an equivalent place first, else the edits of mine it meets are.
 */
function applyBoth(base: string, mine: TextEdit[], theirs: TextEdit[]): string | undefined {
  const myEdits = [...mine];
  const theirEdits: TextEdit[] = [];
  for (const edit of theirs) {
    if (myEdits.some((other) => sameEdit(other, edit))) continue;
    const placed = placedClear(base, edit, myEdits);
    if (placed) {
      theirEdits.push(placed);
      continue;
    }
    for (const [index, myEdit] of myEdits.entries()) {
      if (!overlap(myEdit, edit)) continue;
      const others = [...myEdits.filter((other) => other !== myEdit), ...theirEdits, edit];
      const moved = placedClear(base, myEdit, others);
      if (!moved) return undefined;
      myEdits[index] = moved;
    }
    theirEdits.push(edit);
  }
  // At one place an insertion goes before a replacement that starts there.
  const edits = [...myEdits, ...theirEdits].sort(
    (left, right) => left.start - right.start || left.end - right.end,
  );
  return editedText(base, edits);
}

/** The paragraph's fields the reader sees; two different changes of one are a conflict. */
const VISIBLE_FIELDS: ReadonlySet<string> = new Set(['format', 'indent', 'direction']);

/**
 * A paragraph field merged whole: whichever side changed it wins. When both changed it differently, a visible
 * one (alignment, indent, direction) is a conflict; any other (the format the caret types with) is this side's.
 */
function mergeField(
  field: string,
  base: unknown,
  mine: unknown,
  theirs: unknown,
): { value: unknown } | undefined {
  const [baseKey, mineKey, theirsKey] = [stableKey(base), stableKey(mine), stableKey(theirs)];
  if (mineKey === baseKey && theirsKey !== baseKey) return { value: theirs };
  if (mineKey === theirsKey || theirsKey === baseKey || !VISIBLE_FIELDS.has(field)) return { value: mine };
  return undefined;
}

/** See the module's comment. The merged paragraph keeps `mine`'s key_id. */
export function mergeParagraph(base: string, mine: string, theirs: string): ParagraphMerge {
  if (mine === theirs || theirs === base) return { kind: 'merged', chunk: mine };
  if (mine === base) return { kind: 'merged', chunk: theirs };
  const [baseParagraph, myParagraph, theirParagraph] = [parse(base), parse(mine), parse(theirs)];
  if (!baseParagraph || !myParagraph || !theirParagraph) return CONFLICT;

  const encoder = new UnitEncoder();
  const [baseUnits, myUnits, theirUnits] = [
    encoder.encode(baseParagraph.children),
    encoder.encode(myParagraph.children),
    encoder.encode(theirParagraph.children),
  ];
  if (baseUnits === undefined || myUnits === undefined || theirUnits === undefined) return CONFLICT;
  const mergedUnits = applyBoth(baseUnits, editsOf(baseUnits, myUnits), editsOf(baseUnits, theirUnits));
  if (mergedUnits === undefined) return CONFLICT;

  const merged: Record<string, unknown> = {};
  const fields = new Set([
    ...Object.keys(baseParagraph),
    ...Object.keys(myParagraph),
    ...Object.keys(theirParagraph),
  ]);
  for (const field of fields) {
    if (field === 'children' || field === 'key_id') continue;
    const value = mergeField(field, baseParagraph[field], myParagraph[field], theirParagraph[field]);
    if (!value) return CONFLICT;
    if (value.value !== undefined) merged[field] = value.value;
  }
  const keyId = myParagraph.key_id ?? theirParagraph.key_id;
  return {
    kind: 'merged',
    chunk: JSON.stringify({
      ...merged,
      ...(keyId === undefined ? {} : { key_id: keyId }),
      children: encoder.decode(mergedUnits),
    }),
  };
}
