// Lead times and warranty lengths as the pages write them, apart from business-facts.ts so that a
// page showing only these (product, checkout, order confirmation) does not load the opening-hours helpers.

/** "6-8 weeks", or "8 weeks" when both ends agree. */
export function formatWeeks(range: { minWeeks: number; maxWeeks: number }): string {
  return range.minWeeks === range.maxWeeks ? `${range.maxWeeks} weeks` : `${range.minWeeks}-${range.maxWeeks} weeks`;
}

/** "10-year". */
export const yearsLabel = (years: number): string => `${years}-year`;
