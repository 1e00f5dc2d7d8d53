/**
 * The associations feature as the workspace mounts it: the provider around the workspace, the editor plugins
 * it hands to the chapter editor, and the side panel.
 */
export { AssociationEditorPlugins } from './components/association-editor-plugins';
export { AssociationPanel } from './components/association-panel';
export { UNSAVED_CHANGES_MESSAGE } from './components/rename-association-dialog';
export { StoryAssociationsProvider } from './components/story-associations-provider';
export {
  useAssociationPanelOpen,
  useStoryAssociations,
  type StoryTextEditing,
} from './story-associations-context';
