import type { ShippedFont } from '../export/font-files';

/**
 * The face generated covers fall back to for characters Tinos lacks: Noto Sans SC Bold (SIL Open Font
 * License), which has the CJK ideographs (simplified and traditional Chinese, Japanese kanji), Japanese kana,
 * CJK punctuation and full-width forms. One weight of the package's nine: each is a 10 MB TTF. The CDK bundling
 * copies this one file beside the functions that draw covers (`lib/constructs/loreweaver-function.ts`).
 */
export const CJK_COVER_FONT: ShippedFont = {
  packageName: '@expo-google-fonts/noto-sans-sc',
  fileInPackage: '700Bold/NotoSansSC_700Bold.ttf',
};
