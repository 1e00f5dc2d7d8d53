/** What other features show of writing progress: the bar toward a story's word target (the workspace's goal). */
export { TargetProgressBar, targetPercent } from './components/story-progress-row';
