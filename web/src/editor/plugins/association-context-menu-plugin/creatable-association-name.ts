import { isWordCharacter, textMatchesAssociation } from '../../../../../shared/association-matcher';
import type { AssociationListItem, AssociationType } from '../../../../../shared/schemas/associations';
import { ASSOCIATION_NAME_MAX_LENGTH } from '../../../../../shared/validation';

/** The kinds a selection can become, in the order spec §2 lists them. */
export const ASSOCIATION_KINDS: readonly AssociationType[] = ['character', 'place', 'event', 'item'];

/**
 * The name a selection would give a new association, or null when it cannot name one: blank, across
 * paragraphs, too long, without a single letter or digit, or already a name or alias of the story's.
 */
export function creatableAssociationName(
  selectedText: string,
  associations: readonly AssociationListItem[] | null,
): string | null {
  const name = selectedText.trim();
  if (name === '' || /[\r\n]/.test(name) || name.length > ASSOCIATION_NAME_MAX_LENGTH) return null;
  if (![...name].some(isWordCharacter)) return null;
  if (associations?.some((association) => textMatchesAssociation(association, name))) return null;
  return name;
}
