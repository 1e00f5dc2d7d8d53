import { createContext, useContext } from 'react';
import type { AssociationListItem, AssociationType } from '../../../../shared/schemas/associations';
import type { AssociationPanelController } from './hooks/use-association-panel';

/** How a change to the story's stored text (rename everywhere) keeps the open editor from writing old text back. */
export interface StoryTextEditing {
  /** Sends what autosave holds; false when some of it could not be sent (the change must then wait). */
  beforeTextChange: () => Promise<boolean>;
  /** Reloads the open chapter from what is stored. */
  afterTextChange: () => void;
}

export interface StoryAssociations {
  storyId: string;
  /** The story's associations; null until the list has loaded. */
  associations: AssociationListItem[] | null;
  /**
   * Creates an association; the editor highlights it everywhere once it is in the list. Resolves its id, or
   * `undefined` when it could not be created (the failure has been shown).
   */
  createAssociation: (name: string, type: AssociationType) => Promise<string | undefined>;
  /** Deletes an association; its highlights go with it. */
  deleteAssociation: (associationId: string) => Promise<void>;
  panel: AssociationPanelController;
  /** Given by the workspace; without it (no editor open) the text can be changed at once. */
  textEditing: StoryTextEditing | undefined;
}

export const StoryAssociationsContext = createContext<StoryAssociations | null>(null);

export function useStoryAssociations(): StoryAssociations {
  const value = useContext(StoryAssociationsContext);
  if (!value) throw new Error('useStoryAssociations must be used inside <StoryAssociationsProvider>.');
  return value;
}

/** Whether the association panel is open: a layout beside it keeps the manuscript clear of it. */
export function useAssociationPanelOpen(): boolean {
  return useStoryAssociations().panel.state.open;
}
