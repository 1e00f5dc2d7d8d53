export { VersionsPanel, type ChapterTextChanges } from './components/versions-panel';
export { VersionsButton } from './components/versions-button';
