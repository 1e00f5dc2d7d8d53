/** The story list's action and the import dialog's title: one string, so the action names what it opens. */
export const IMPORT_MANUSCRIPT_LABEL = 'Import a manuscript';
