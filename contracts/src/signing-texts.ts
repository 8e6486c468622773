// The words a signer agrees to: shown beside the checkboxes and written on the signature page of the PDF,
// so the record says exactly what the form said. No imports (the storefront's proposal page carries it).

/** What a signer consents to (the accept form's and a change order's checkbox, and the signature page's record). */
export const SIGNING_CONSENT_TEXT =
  "I consent to sign electronically: my typed name and the code e-mailed to me are my signature, as binding as one on paper, and I can ask for a paper copy.";

/** What a customer agrees to when accepting a version (the accept form's checkbox, and the contract's record). */
export const acceptanceAgreementText = (version: number, depositPercent: number) =>
  `I agree to the terms of this proposal (version ${version}), including the ${depositPercent}% deposit and the balance due on delivery.`;

/** What a customer agrees to when signing a change order (its checkbox, and its signature page's record). */
export const changeOrderAgreementText = (number: number, orderNumber: string) =>
  `I agree to change order ${number} to order ${orderNumber}: its lines, the change to the total and to the invoices; everything else in my contract stands.`;
