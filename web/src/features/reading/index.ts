/** What other features use of the reading view (issue 24): the stories page's 'Shared with me'. */
export { SharedWithMeSection } from './components/shared-with-me-section';
