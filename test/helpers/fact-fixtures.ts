import type { Fact } from '../../shared/schemas/facts';

/** A fact of story 's1' as the API answers one; its id is `<association>-<label>-<chapter>` unless given. */
export function buildFact(
  fields: Pick<Fact, 'association_id' | 'label' | 'value' | 'from_chapter_id'> & { fact_id?: string },
): Fact {
  return {
    fact_id: fields.fact_id ?? `${fields.association_id}-${fields.label}-${fields.from_chapter_id}`,
    association_id: fields.association_id,
    label: fields.label,
    value: fields.value,
    from_chapter_id: fields.from_chapter_id,
    from_story_id: 's1',
    created_at: '2026-01-01T00:00:00.000Z',
    updated_at: '2026-01-01T00:00:00.000Z',
  };
}
