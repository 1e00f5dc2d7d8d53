import type { Association, AssociationListItem } from '../../../shared/schemas/associations';

/** An association as the list call answers it: a case-insensitive character with no aliases or summary. */
export function buildAssociationListItem(
  id: string,
  name: string,
  overrides: Partial<AssociationListItem> = {},
): AssociationListItem {
  return {
    association_id: id,
    association_name: name,
    association_type: 'character',
    aliases: '',
    case_sensitive: false,
    short_description: '',
    portrait: '/images/defaults/portraits/character.svg',
    thumbnail: '/images/defaults/portraits/character.svg',
    scope: 'story',
    ...overrides,
  };
}

/** An association with its details, as the single read answers it: case-sensitive, as new ones are. */
export function buildAssociation(
  id: string,
  name: string,
  overrides: Partial<Association> = {},
): Association {
  return {
    ...buildAssociationListItem(id, name, { case_sensitive: true }),
    details: { extended_description: '' },
    ...overrides,
  };
}
