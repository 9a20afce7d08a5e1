import Decimal from "decimal.js";

/**
 * Decimal arithmetic for the books: enough significant digits that no sum of amounts is ever
 * rounded (decimal.js rounds to 20 by default; a numeric column holds far more).
 */
export const Money = Decimal.clone({ precision: 1000 });
