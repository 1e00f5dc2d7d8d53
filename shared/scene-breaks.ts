/**
 * A paragraph holding nothing but a few marks — `***`, `* * *`, `#`, `~`, `⁂`, an ornament — is a scene break
 * (issue 27 §1). The export draws it as the book's ornament (`#` in a manuscript, an `<hr>` in an EPUB) and the
 * editor shows it centred, so the author sees it as the break it becomes.
 */
const SCENE_BREAK_TEXT = /^(?:[*#~•·◆❦❧☙⁂§]\s*){1,5}$/u;

export function isSceneBreakText(text: string): boolean {
  return SCENE_BREAK_TEXT.test(text.trim());
}
