import type { ShippedFont } from '../export/font-files';

/** A face generated covers fall back to, and the characters (among those Tinos lacks) it is opened for. */
export interface CoverFallbackFont extends ShippedFont {
  opensFor: RegExp;
}

/**
 * The faces generated covers fall back to for characters Tinos lacks (each for the characters of its
 * scripts, punctuation and marks shared with other scripts included), all Bold and under the SIL Open Font
 * License, tried in this order. Noto Sans SC has the CJK ideographs (simplified and traditional Chinese,
 * Japanese kanji), kana, CJK punctuation and full-width forms, and is tried for any character the smaller faces
 * are not for: Noto Sans KR (Hangul), Arabic, Devanagari and Thai. One weight of each package: SC's are 10 MB,
 * KR's 6 MB. The CDK bundling copies these files beside the functions that draw covers
 * (`lib/constructs/loreweaver-function.ts`).
 */
export const COVER_FALLBACK_FONTS: readonly CoverFallbackFont[] = [
  {
    packageName: '@expo-google-fonts/noto-sans-sc',
    fileInPackage: '700Bold/NotoSansSC_700Bold.ttf',
    opensFor: /[^\p{scx=Hang}\p{scx=Arab}\p{scx=Deva}\p{scx=Thai}]/u,
  },
  {
    packageName: '@expo-google-fonts/noto-sans-kr',
    fileInPackage: '700Bold/NotoSansKR_700Bold.ttf',
    opensFor: /\p{scx=Hang}/u,
  },
  {
    packageName: '@expo-google-fonts/noto-sans-arabic',
    fileInPackage: '700Bold/NotoSansArabic_700Bold.ttf',
    opensFor: /\p{scx=Arab}/u,
  },
  {
    packageName: '@expo-google-fonts/noto-sans-devanagari',
    fileInPackage: '700Bold/NotoSansDevanagari_700Bold.ttf',
    opensFor: /\p{scx=Deva}/u,
  },
  {
    packageName: '@expo-google-fonts/noto-sans-thai',
    fileInPackage: '700Bold/NotoSansThai_700Bold.ttf',
    opensFor: /\p{scx=Thai}/u,
  },
];
