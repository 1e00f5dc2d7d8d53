import { describe, expect, it } from 'vitest';
import {
  ALIASES_RULE_MESSAGE,
  aliasesProblem,
  remainingSummaryBytes,
  truncateToUtf8Bytes,
  utf8ByteLength,
} from '../../shared/validation';

describe('utf8ByteLength', () => {
  it('counts the bytes of the UTF-8 encoding, as TextEncoder does', () => {
    const samples = ['', 'Frodo', 'Zoë', 'Łódź', '字', '😀', 'a\u0308', '\ud800'];

    const counted = samples.map(utf8ByteLength);

    expect(counted).toEqual(samples.map((sample) => new TextEncoder().encode(sample).length));
    expect(counted).toEqual([0, 5, 4, 7, 3, 4, 3, 3]);
  });
});

describe('truncateToUtf8Bytes', () => {
  it('keeps text that fits unchanged', () => {
    expect(truncateToUtf8Bytes('Zoë', 4)).toBe('Zoë');
  });

  it('cuts before a character that would cross the limit, never inside it', () => {
    expect(truncateToUtf8Bytes('Zoë', 3)).toBe('Zo');
    expect(truncateToUtf8Bytes('a😀b', 4)).toBe('a');
    expect(truncateToUtf8Bytes('a😀b', 5)).toBe('a😀');
  });

  it('brings a summary of multi-byte characters within 200 bytes', () => {
    const truncated = truncateToUtf8Bytes('é'.repeat(150), 200);

    expect(truncated).toBe('é'.repeat(100));
    expect(remainingSummaryBytes(truncated)).toBe(0);
  });
});

describe('remainingSummaryBytes', () => {
  it('counts down in bytes and goes negative past 200', () => {
    expect(remainingSummaryBytes('')).toBe(200);
    expect(remainingSummaryBytes('Zoë')).toBe(196);
    expect(remainingSummaryBytes('x'.repeat(201))).toBe(-1);
  });
});

describe('aliasesProblem', () => {
  const frodo = (aliases: string, case_sensitive = true) => ({
    association_name: 'Frodo',
    aliases,
    case_sensitive,
  });

  it('accepts distinct aliases', () => {
    expect(aliasesProblem(frodo('Mr. Underhill, Ring-bearer'))).toBeUndefined();
  });

  it('accepts no aliases and ignores blank entries', () => {
    expect(aliasesProblem(frodo(''))).toBeUndefined();
    expect(aliasesProblem(frodo(' , ,Underhill,'))).toBeUndefined();
  });

  it('rejects an alias equal to the name, after trimming', () => {
    expect(aliasesProblem(frodo('Underhill,  Frodo '))).toBe(ALIASES_RULE_MESSAGE);
  });

  it('rejects an alias given twice', () => {
    expect(aliasesProblem(frodo('Underhill, Underhill'))).toBe(ALIASES_RULE_MESSAGE);
  });

  it('compares ignoring case only when the association is not case-sensitive', () => {
    expect(aliasesProblem(frodo('FRODO', true))).toBeUndefined();
    expect(aliasesProblem(frodo('FRODO', false))).toBe(ALIASES_RULE_MESSAGE);
    expect(aliasesProblem(frodo('underhill, UNDERHILL', false))).toBe(ALIASES_RULE_MESSAGE);
  });

  it('treats composed and decomposed accents as the same text', () => {
    expect(aliasesProblem({ association_name: 'Zo\u00eb', aliases: 'Zoe\u0308', case_sensitive: true })).toBe(
      ALIASES_RULE_MESSAGE,
    );
  });

  it('carries the spec’s exact message', () => {
    expect(ALIASES_RULE_MESSAGE).toBe('Aliases cannot contain the original name or any duplicates.');
  });
});
