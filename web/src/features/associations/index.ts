/**
 * The associations feature as the workspace mounts it: the provider around the workspace, the editor plugins
 * it hands to the chapter editor, and the side panel.
 */
import { lazyComponent } from '../../lib/lazy-component';

export { AssociationEditorPlugins } from './components/association-editor-plugins';
export { UNSAVED_CHANGES_MESSAGE } from './components/rename-association-dialog';
export { StoryAssociationsProvider } from './components/story-associations-provider';
export {
  useAssociationPanelOpen,
  useStoryAssociations,
  type StoryTextEditing,
} from './story-associations-context';

/** Loaded when first rendered (inside a `Suspense`): a page shows it once a mention or an entry is opened. */
export const AssociationPanel = lazyComponent(
  () => import('./components/association-panel'),
  'AssociationPanel',
);
