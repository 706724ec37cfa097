/**
 * The words and limits of choosing a part (issue 65): what the browser says about reviews, suggestions,
 * stock alerts, saved lists and synonyms. Apart from the wire schemas (choosing.ts) so that the pages a
 * visitor sees first do not carry them.
 */

export const RATING_LEVELS = ['5', '4', '3', '2', '1'] as const;

export const SYNONYM_GROUPS_MAX = 500;
export const SYNONYM_TERMS_MAX = 10;
export const SYNONYM_WORDS_MAX = 3;

export const LIST_NAME_MAX = 100;
export const LIST_LINES_MAX = 500;
export const LIST_QUANTITY_MAX = 1_000_000;
export const LISTS_PER_ACCOUNT_MAX = 100;

/** GET /api/search/suggest?q= answers from this many characters. */
export const SUGGEST_MIN_LENGTH = 2;

export const choosingMessages = {
  alreadyReviewed: 'You have already reviewed this part: change your review instead',
  noReviewYet: 'You have not reviewed this part yet',
  titleRequired: 'Please give your review a title',
  reviewChangeEmpty: 'Change the rating, the title or the text',
  reviewPosted: 'Thank you! Your review of this part is posted.',
  reviewChanged: 'Your review is changed.',
  verifiedPurchase: 'Verified purchase',
} as const;

export const synonymMessages = {
  groupTooSmall: 'A group needs at least two terms',
  groupTooLarge: `A group has at most ${SYNONYM_TERMS_MAX} terms`,
  termEmpty: 'A term needs a letter or a digit',
  termTooLong: `A term has at most ${SYNONYM_WORDS_MAX} words`,
  termTwice: (term: string) => `"${term}" is in more than one group`,
  saved: 'Synonyms saved.',
} as const;

export const stockAlertMessages = {
  orderableNow: 'This part can be ordered now',
  asked: "We'll e-mail you once when it can be ordered again.",
  cancelled: 'Alert cancelled.',
  ask: 'E-mail me when it is back',
  cancel: 'Cancel the alert',
  waiting: 'You asked to be told when this part is back in stock.',
} as const;

export const listMessages = {
  nameRequired: 'Please name the list',
  quantityInvalid: `Quantity must be a whole number from 1 to ${LIST_QUANTITY_MAX.toLocaleString('en-US')}`,
  tooManyLines: `A list holds at most ${LIST_LINES_MAX} parts`,
  tooManyLists: `You can keep at most ${LISTS_PER_ACCOUNT_MAX} lists`,
  partTwice: 'A part is in the list twice',
  unknownPart: (what: string) => `No part for sale has the number ${what}`,
  partGone: 'This part is no longer sold',
  importRefused: 'Nothing was imported: fix the rows listed and import the file again',
  saved: (name: string) => `Saved as the list "${name}".`,
  added: (count: number) => `${count} ${count === 1 ? 'part' : 'parts'} added to the cart at today's prices.`,
  notAdded: (count: number) => `${count} ${count === 1 ? 'part' : 'parts'} could not be added:`,
  cannotOrder: (sku: string, name: string, why: string) => `${sku} ${name}: ${why}`,
  outOfStock: 'not enough in stock now',
  noLists: 'No lists yet. Save your cart as a list to reorder it in one step.',
  listSaved: (name: string) => `The list "${name}" is saved.`,
  cartAddedToList: (count: number, name: string) => `${count} ${count === 1 ? 'part' : 'parts'} from the cart added to the list "${name}".`,
  emptyList: 'This list has no parts yet. Add parts from the cart, or import a CSV file.',
  chooseList: 'Please choose a list',
} as const;

/** The browser's words for the features of choosing a part. */
export const choosingUi = {
  reviewsHeading: 'Reviews of this part',
  noReviews: 'No reviews of this part yet.',
  averageOf: (average: number, count: number) => `${average.toFixed(1)} out of 5 (${count} ${count === 1 ? 'review' : 'reviews'})`,
  ratingShort: (average: number, count: number) => `★ ${average.toFixed(1)} (${count})`,
  ratingLabel: (average: number, count: number) => `Rated ${average.toFixed(1)} out of 5 by ${count} ${count === 1 ? 'buyer' : 'buyers'}`,
  starsCount: (stars: string, count: number) => `${stars} stars: ${count}`,
  moreReviews: 'Show more reviews',
  writeReview: 'Review this part',
  changeReview: 'Change my review',
  signInToReview: 'Sign in to review this part.',
  rating: 'Rating',
  title: 'Title',
  comment: 'Your review',
  submitReview: 'Post review',
  didYouMean: 'Did you mean',
  suggestParts: 'Parts',
  suggestCategories: 'Categories',
  suggestVehicles: 'Your vehicles',
  suggestions: 'Suggestions',
  listsHeading: 'My parts lists',
  newList: 'New list',
  listName: 'List name',
  saveCartAsList: 'Save cart as a list',
  addListToCart: 'Add all to cart',
  deleteList: 'Delete list',
  exportList: 'Export CSV',
  importList: 'Import CSV',
  openList: 'Open list',
  listLines: 'Parts in the list',
  partNumber: 'Part number',
  partName: 'Part',
  quantity: 'Quantity',
  removeLine: 'Remove',
  removeLineOf: (name: string) => `Remove ${name}`,
  quantityOf: (name: string) => `Quantity of ${name}`,
  saveList: 'Save list',
  savingList: 'Saving…',
  addToExistingList: 'Add to an existing list',
  yourList: 'Your list',
  pickList: 'Choose a list…',
  theList: 'the list',
  yourLists: 'your lists',
  addCartToList: 'Add cart to list',
  addingCartToList: 'Adding…',
  synonymsHeading: 'Search synonyms',
  synonymsHelp: 'One group a line, its terms separated by commas (rotor, brake disc). The search takes the terms of a group for one another, both ways.',
  saveSynonyms: 'Save synonyms',
} as const;
