/** The domain's ordering rule is shared with the web app, whose autosave mirrors what the server will hold. */
export { applyPlacements, type Placement } from '../../shared/ordering';
