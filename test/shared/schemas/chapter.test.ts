import { describe, expect, it } from 'vitest';
import { UpdateChapterRequestSchema } from '../../../shared/schemas/chapter';

const messagesFor = (body: unknown) =>
  UpdateChapterRequestSchema.safeParse(body).error?.issues.map((issue) => issue.message);

describe('the chapter update request', () => {
  it('leaves out a synopsis and stage an old client does not send, so they stay as they are', () => {
    const parsed = UpdateChapterRequestSchema.parse({ id: 'c1', title: 'Dawn', place: 1, status: 'ready' });

    expect([parsed.synopsis, parsed.stage]).toEqual([undefined, undefined]);
  });

  it('keeps null, which clears them, and reads a blank synopsis as none', () => {
    expect(UpdateChapterRequestSchema.parse({ title: 'Dawn', synopsis: null, stage: null })).toMatchObject({
      synopsis: null,
      stage: null,
    });
    expect(UpdateChapterRequestSchema.parse({ title: 'Dawn', synopsis: ' \n ' }).synopsis).toBeNull();
  });

  it('trims a synopsis, keeps its lines and takes out invisible control characters', () => {
    const parsed = UpdateChapterRequestSchema.parse({
      title: 'Dawn',
      synopsis: '  They leave.\nNobody\u0000 waves.  ',
      stage: 'final',
    });

    expect(parsed).toMatchObject({ synopsis: 'They leave.\nNobody waves.', stage: 'final' });
  });

  it('accepts 1,000 characters of synopsis and refuses 1,001, and refuses a stage it does not know', () => {
    expect(messagesFor({ title: 'Dawn', synopsis: 'x'.repeat(1000) })).toBeUndefined();
    expect(messagesFor({ title: 'Dawn', synopsis: 'x'.repeat(1001) })).toEqual([
      'A synopsis may be at most 1000 characters.',
    ]);
    expect(messagesFor({ title: 'Dawn', stage: 'Final' })).toEqual([
      "A chapter's stage is 'draft', 'revised', 'final' or null.",
    ]);
    expect(messagesFor({ title: 'Dawn', synopsis: 42 })).toHaveLength(1);
  });
});
