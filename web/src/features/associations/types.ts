import type { Association, AssociationListItem } from '../../../../shared/schemas/associations';

/** The fields of an association the panel edits (spec §2 Association side panel). */
export interface AssociationEdits {
  short_description?: string;
  background?: string;
  aliases?: string;
  case_sensitive?: boolean;
}

/** The list entry of an association read or saved in full. */
export function toListItem({ details: _details, ...item }: Association): AssociationListItem {
  return item;
}
