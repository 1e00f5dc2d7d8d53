/** What other features show of billing: a card's brand as a sentence names it. */
export { brandName } from './card-brand';
