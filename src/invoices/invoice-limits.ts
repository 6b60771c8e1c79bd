// What one invoice may hold. Bounds like a serious invoicing API's (Stripe allows 250 lines on an
// invoice), chosen so the largest legal invoice (about 90 pages of PDF) still renders within
// the renderer's memory and time limits (src/shared/pdf-renderer.ts).

/** Line items per invoice. */
export const MAX_LINE_ITEMS = 250;
/** Characters of a line's description. */
export const MAX_DESCRIPTION = 1000;
/** Characters of the internal notes (never printed). */
export const MAX_NOTES = 5000;
/** Characters of the customer's notes (printed on the PDF and in the email). */
export const MAX_CUSTOMER_NOTES = 2000;
/** Payments recorded on one invoice (each is a line of the PDF). */
export const MAX_PAYMENTS = 100;
