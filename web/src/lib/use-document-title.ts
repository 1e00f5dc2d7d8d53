import { useEffect } from 'react';
import { PRODUCT_NAME } from '../../../shared/constants';

/** Names the browser tab "{title} · Loreweaver", or just the product name without a title. */
export function useDocumentTitle(title?: string): void {
  useEffect(() => {
    document.title = title ? `${title} · ${PRODUCT_NAME}` : PRODUCT_NAME;
  }, [title]);
}
