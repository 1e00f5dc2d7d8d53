import type { SampleImages } from '../../domain/ports';

/** How long a new story waits for the sample-image service before making its own cover. */
const SAMPLE_IMAGE_TIMEOUT_MS = 3_000;

/** The image service at `url` (e.g. `https://picsum.photos/300`), asked with a plain GET. */
export function createHttpSampleImages(url: string): SampleImages {
  return {
    async fetchRandom() {
      const response = await fetch(url, { signal: AbortSignal.timeout(SAMPLE_IMAGE_TIMEOUT_MS) });
      if (!response.ok) throw new Error(`the image service answered ${response.status}`);
      return Buffer.from(await response.arrayBuffer());
    },
  };
}
