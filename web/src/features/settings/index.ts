/** What other features share with the settings: the alert for a preference the server did not take. */
export { settingsToggleFailedAlert } from './settings-messages';
