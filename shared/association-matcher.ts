/**
 * Finds mentions of a story's associations in text (spec §5 "Association matching"). Every name and alias
 * of every association is compiled once into one Aho–Corasick automaton, so a scan is a single pass over
 * the text whatever the number of associations. Pure TypeScript: the editor and the server both use it.
 *
 * Offsets are UTF-16 code unit indices, as `String.prototype.slice` and the editor's text nodes use.
 */

/** The fields of an association the matcher reads (spec §3 Association). */
export interface MatchableAssociation {
  association_id: string;
  association_name: string;
  /** Comma-separated. */
  aliases: string;
  /** Exact case for this association's names; otherwise case-insensitive. */
  case_sensitive: boolean;
}

export interface AssociationMention {
  /** First code unit of the mention. */
  start: number;
  /** One past the last code unit. */
  end: number;
  associationId: string;
  /** The text as written, which may differ in case from the name. */
  matchedText: string;
}

export interface AssociationMatcher {
  /** Whole-word mentions, leftmost-longest, none overlapping, sorted by `start`. */
  findMentions(text: string): AssociationMention[];
}

/** The aliases of a comma-separated `aliases` string, trimmed, blanks dropped. */
export function parseAliases(aliases: string): string[] {
  return aliases
    .split(',')
    .map((alias) => alias.trim())
    .filter((alias) => alias !== '');
}

/** The trimmed name followed by the aliases; a blank name is left out. */
export function associationNames(association: Pick<MatchableAssociation, 'association_name' | 'aliases'>) {
  const name = association.association_name.trim();
  return [...(name ? [name] : []), ...parseAliases(association.aliases)];
}

const WORD_CHARACTER = /^[\p{L}\p{N}\p{M}]$/u;
/** Per BMP code unit: 0 not yet classified, 1 word character, 2 separator. Filled as characters are seen. */
const BMP_WORD_CLASSES = new Uint8Array(0x10000);

function isWordCodePoint(codePoint: number): boolean {
  if (codePoint < 0x80) {
    return (
      (codePoint >= 0x30 && codePoint <= 0x39) ||
      (codePoint >= 0x41 && codePoint <= 0x5a) ||
      (codePoint >= 0x61 && codePoint <= 0x7a)
    );
  }
  if (codePoint > 0xffff) return WORD_CHARACTER.test(String.fromCodePoint(codePoint));
  let wordClass = BMP_WORD_CLASSES[codePoint]!;
  if (wordClass === 0) {
    wordClass = WORD_CHARACTER.test(String.fromCharCode(codePoint)) ? 1 : 2;
    BMP_WORD_CLASSES[codePoint] = wordClass;
  }
  return wordClass === 1;
}

/**
 * Letters, digits and combining marks of any script make words ('Zoë', 'Łódź', '1984'); whitespace,
 * punctuation and symbols separate them. Reads the first code point of `character`.
 */
export function isWordCharacter(character: string): boolean {
  const codePoint = character.codePointAt(0);
  return codePoint !== undefined && isWordCodePoint(codePoint);
}

function isLowSurrogate(text: string, index: number): boolean {
  const unit = text.charCodeAt(index);
  return unit >= 0xdc00 && unit <= 0xdfff;
}

function codePointEndingAt(text: string, end: number): number | undefined {
  if (end <= 0) return undefined;
  const low = text.charCodeAt(end - 1);
  if (low >= 0xdc00 && low <= 0xdfff && end >= 2) {
    const high = text.charCodeAt(end - 2);
    if (high >= 0xd800 && high <= 0xdbff) return (high - 0xd800) * 0x400 + (low - 0xdc00) + 0x10000;
  }
  return low;
}

/**
 * True when `text.slice(start, end)` stands as a whole word: each edge is the start or end of the text,
 * or touches a character that is not a letter, digit or mark. "Frodo's" and "—Frodo—" contain the word
 * Frodo; "Annex" does not contain Ann.
 */
export function isWholeWordAt(text: string, start: number, end: number): boolean {
  const before = codePointEndingAt(text, start);
  if (before !== undefined && isWordCodePoint(before)) return false;
  const after = end < text.length ? text.codePointAt(end) : undefined;
  return after === undefined || !isWordCodePoint(after);
}

/*
 * Case folding, one code point to one code point of the same UTF-16 length, so offsets in the folded text
 * are offsets in the original. Lower-casing the upper case folds variants that plain lower-casing keeps
 * apart (final sigma 'ς' and 'σ', long s 'ſ' and 's', Kelvin sign and 'k'); a code point whose mapping
 * would change its length ('İ', 'ß' upper-cased) keeps its lower case or itself.
 */
const BMP_FOLDS = new Uint16Array(0x10000);
const ASTRAL_FOLDS = new Map<number, number>();

function singleCodePointOfSameLength(candidate: string, codePoint: number): number | undefined {
  const folded = candidate.codePointAt(0)!;
  const sameLength = candidate.length === (codePoint > 0xffff ? 2 : 1);
  return sameLength && folded > 0xffff === codePoint > 0xffff ? folded : undefined;
}

function computeFold(codePoint: number): number {
  const character = String.fromCodePoint(codePoint);
  return (
    singleCodePointOfSameLength(character.toUpperCase().toLowerCase(), codePoint) ??
    singleCodePointOfSameLength(character.toLowerCase(), codePoint) ??
    codePoint
  );
}

function foldBmp(unit: number): number {
  if (unit < 0x80) return unit >= 0x41 && unit <= 0x5a ? unit + 0x20 : unit;
  let folded = BMP_FOLDS[unit]!;
  if (folded === 0) {
    folded = unit >= 0xd800 && unit <= 0xdfff ? unit : computeFold(unit);
    BMP_FOLDS[unit] = folded;
  }
  return folded;
}

function foldAstral(codePoint: number): number {
  let folded = ASTRAL_FOLDS.get(codePoint);
  if (folded === undefined) {
    folded = computeFold(codePoint);
    ASTRAL_FOLDS.set(codePoint, folded);
  }
  return folded;
}

/** Calls `visit` with each UTF-16 code unit of the case-folded text, in order. */
function forEachFoldedUnit(text: string, visit: (unit: number) => void): void {
  const length = text.length;
  for (let index = 0; index < length; index += 1) {
    const unit = text.charCodeAt(index);
    if (unit >= 0xd800 && unit <= 0xdbff && index + 1 < length && isLowSurrogate(text, index + 1)) {
      const low = text.charCodeAt(index + 1);
      const folded = foldAstral((unit - 0xd800) * 0x400 + (low - 0xdc00) + 0x10000) - 0x10000;
      visit(0xd800 + (folded >> 10));
      visit(0xdc00 + (folded & 0x3ff));
      index += 1;
      continue;
    }
    visit(foldBmp(unit));
  }
}

/** The case-insensitive comparison form of a text: same length, each code point folded. */
export function foldCase(text: string): string {
  const units: number[] = [];
  forEachFoldedUnit(text, (unit) => units.push(unit));
  let folded = '';
  // fromCharCode takes its arguments on the stack; chunks keep long texts within its limits.
  for (let offset = 0; offset < units.length; offset += 8192) {
    folded += String.fromCharCode(...units.slice(offset, offset + 8192));
  }
  return folded;
}

/** The forms a name may be written in: as typed, plus its composed and decomposed Unicode forms. */
function spellings(name: string): string[] {
  return [...new Set([name, name.normalize('NFC'), name.normalize('NFD')])];
}

/**
 * Spec §5: a mention node reverts to plain text when its text no longer equals the association's name or
 * one of its aliases (compared as the matcher compares: exact case when `case_sensitive`, folded case
 * otherwise; composed and decomposed accents are the same text).
 */
export function textMatchesAssociation(association: MatchableAssociation, text: string): boolean {
  const comparable = (value: string) => {
    const composed = value.normalize('NFC');
    return association.case_sensitive ? composed : foldCase(composed);
  };
  const target = comparable(text);
  return associationNames(association).some((name) => comparable(name) === target);
}

interface Pattern {
  associationIndex: number;
  length: number;
  /** Set for case-sensitive associations: a folded match must also equal this exactly. */
  exact: string | undefined;
  /** Lower wins when two associations match the same span: case-sensitive first, then list order. */
  priority: number;
}

interface Candidate {
  start: number;
  end: number;
  pattern: Pattern;
}

/** Leftmost first, then the longest, then the association of higher priority. */
const comesBefore = (a: Candidate, b: Candidate) =>
  a.start !== b.start
    ? a.start < b.start
    : a.end !== b.end
      ? a.end > b.end
      : a.pattern.priority < b.pattern.priority;

const ROOT = 0;
const NONE = -1;
/** Entries of the transition table (4 bytes each) up to which the automaton is made deterministic: 16 MB. */
const DENSE_TABLE_LIMIT = 4 * 1024 * 1024;

/**
 * Compiles the names and aliases of `associations` into one automaton. Compile once per association list
 * and reuse the matcher for every scan; an empty list gives a matcher that finds nothing.
 */
export function compileAssociationMatcher(associations: readonly MatchableAssociation[]): AssociationMatcher {
  const children: Map<number, number>[] = [new Map()];
  const patternsEndingAt: number[][] = [[]];
  const patterns: Pattern[] = [];

  const sensitiveFirst = associations
    .map((association, index) => ({ association, index }))
    .sort((a, b) => Number(b.association.case_sensitive) - Number(a.association.case_sensitive));
  sensitiveFirst.forEach(({ association, index }, priority) => {
    for (const name of associationNames(association)) {
      for (const spelling of spellings(name)) {
        let node = ROOT;
        forEachFoldedUnit(spelling, (unit) => {
          let next = children[node]!.get(unit);
          if (next === undefined) {
            next = children.length;
            children.push(new Map());
            patternsEndingAt.push([]);
            children[node]!.set(unit, next);
          }
          node = next;
        });
        patternsEndingAt[node]!.push(patterns.length);
        patterns.push({
          associationIndex: index,
          length: spelling.length,
          exact: association.case_sensitive ? spelling : undefined,
          priority,
        });
      }
    }
  });

  // Failure links (longest proper suffix that is also a trie path) and output links (nearest such suffix
  // where a pattern ends), breadth first so every suffix is linked before the nodes that need it.
  const nodeCount = children.length;
  const failure = new Int32Array(nodeCount);
  const outputLink = new Int32Array(nodeCount).fill(NONE);
  const queue: number[] = [...children[ROOT]!.values()];
  for (let head = 0; head < queue.length; head += 1) {
    const node = queue[head]!;
    for (const [unit, child] of children[node]!) {
      let suffix = failure[node]!;
      while (suffix !== ROOT && !children[suffix]!.has(unit)) suffix = failure[suffix]!;
      failure[child] = children[suffix]!.get(unit) ?? ROOT;
      const childFailure = failure[child]!;
      outputLink[child] =
        patternsEndingAt[childFailure]!.length > 0 ? childFailure : outputLink[childFailure]!;
      queue.push(child);
    }
  }

  const hasOutput = new Uint8Array(nodeCount);
  for (let node = 0; node < nodeCount; node += 1) {
    hasOutput[node] = patternsEndingAt[node]!.length > 0 || outputLink[node] !== NONE ? 1 : 0;
  }

  // Every transition worked out ahead (a deterministic automaton), over the code units the names contain,
  // each numbered as a symbol (0: a unit no name contains, which always leads back to the root): a scan step
  // is one table read instead of following failure links. Built breadth first, so a node's failure row is
  // complete before the node copies it. Past DENSE_TABLE_LIMIT entries (thousands of names in a script of
  // thousands of characters) the table would cost too much memory, and a step follows failure links instead.
  const symbolOf = new Uint16Array(0x10000);
  let width = 1;
  for (const edges of children) {
    for (const unit of edges.keys()) {
      // Only a name list holding every code unit there is could run out of symbols; it gets no table.
      if (symbolOf[unit] === 0) symbolOf[unit] = Math.min(width++, 0xffff);
    }
  }
  const transitions =
    width <= 0xffff && nodeCount * width <= DENSE_TABLE_LIMIT ? new Int32Array(nodeCount * width) : undefined;
  if (transitions) {
    for (const [unit, child] of children[ROOT]!) transitions[symbolOf[unit]!] = child;
    for (const node of queue) {
      const failureRow = failure[node]! * width;
      transitions.copyWithin(node * width, failureRow, failureRow + width);
      for (const [unit, child] of children[node]!) transitions[node * width + symbolOf[unit]!] = child;
    }
  }

  const followFailureLinks = (node: number, unit: number): number => {
    if (symbolOf[unit] === 0) return ROOT;
    for (;;) {
      const next = children[node]!.get(unit);
      if (next !== undefined && next !== ROOT) return next;
      if (node === ROOT) return ROOT;
      node = failure[node]!;
    }
  };
  const step = transitions
    ? (node: number, unit: number): number => transitions[node * width + symbolOf[unit]!]!
    : followFailureLinks;

  const equalsExactly = (text: string, start: number, exact: string) => {
    for (let offset = 0; offset < exact.length; offset += 1) {
      if (text.charCodeAt(start + offset) !== exact.charCodeAt(offset)) return false;
    }
    return true;
  };

  return {
    findMentions(text) {
      if (patterns.length === 0) return [];
      const candidates: Candidate[] = [];
      // Candidates arrive in the order they end, so each is at most the longest name's length out of place:
      // moving it back into place as it arrives costs a step or two, where sorting them all cost more than
      // the scan itself.
      const insertCandidate = (candidate: Candidate) => {
        let position = candidates.length;
        candidates.push(candidate);
        while (position > 0 && comesBefore(candidate, candidates[position - 1]!)) {
          candidates[position] = candidates[position - 1]!;
          position -= 1;
        }
        candidates[position] = candidate;
      };
      const collect = (node: number, end: number) => {
        // A mention must end where a word ends; checked once for every pattern ending here.
        if (end < text.length && isWordCodePoint(text.codePointAt(end)!)) return;
        for (let output = node; output !== NONE; output = outputLink[output]!) {
          for (const patternIndex of patternsEndingAt[output]!) {
            const pattern = patterns[patternIndex]!;
            const start = end - pattern.length;
            const before = codePointEndingAt(text, start);
            if (before !== undefined && isWordCodePoint(before)) continue;
            if (pattern.exact !== undefined && !equalsExactly(text, start, pattern.exact)) continue;
            insertCandidate({ start, end, pattern });
          }
        }
      };

      // The folding of `forEachFoldedUnit`, inlined: this loop runs once per character of a chapter.
      let node = ROOT;
      const length = text.length;
      for (let index = 0; index < length; index += 1) {
        const unit = text.charCodeAt(index);
        if (unit < 0x80) {
          node = step(node, unit >= 0x41 && unit <= 0x5a ? unit + 0x20 : unit);
        } else if (
          unit >= 0xd800 &&
          unit <= 0xdbff &&
          index + 1 < length &&
          isLowSurrogate(text, index + 1)
        ) {
          const low = text.charCodeAt(index + 1);
          const folded = foldAstral((unit - 0xd800) * 0x400 + (low - 0xdc00) + 0x10000) - 0x10000;
          node = step(step(node, 0xd800 + (folded >> 10)), 0xdc00 + (folded & 0x3ff));
          index += 1;
        } else {
          node = step(node, foldBmp(unit));
        }
        if (hasOutput[node] === 1) collect(node, index + 1);
      }

      const mentions: AssociationMention[] = [];
      let coveredUntil = 0;
      for (const { start, end, pattern } of candidates) {
        if (start < coveredUntil) continue;
        mentions.push({
          start,
          end,
          associationId: associations[pattern.associationIndex]!.association_id,
          matchedText: text.slice(start, end),
        });
        coveredUntil = end;
      }
      return mentions;
    },
  };
}
