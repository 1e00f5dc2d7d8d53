import { useEffect, useState } from 'react';

/**
 * A temporary address for a chosen file, so it can be shown before it is uploaded. The address is released
 * when the file changes or the component goes away; otherwise the browser keeps the file in memory.
 */
export function useObjectUrl(file: File | null): string | undefined {
  const [objectUrl, setObjectUrl] = useState<{ file: File; url: string } | null>(null);

  useEffect(() => {
    if (!file) return;
    const url = URL.createObjectURL(file);
    setObjectUrl({ file, url });
    return () => URL.revokeObjectURL(url);
  }, [file]);

  return file && objectUrl?.file === file ? objectUrl.url : undefined;
}
