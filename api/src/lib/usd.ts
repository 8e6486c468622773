// Whole cents as a person reads dollars ("$1,062.50"): the one formatter of e-mails, PDFs and messages.
const usdFormat = new Intl.NumberFormat("en-US", { style: "currency", currency: "USD" });

export const usd = (cents: number): string => usdFormat.format(cents / 100);
