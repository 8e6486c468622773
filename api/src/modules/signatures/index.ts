// Electronic signatures: the e-mailed signing code a signature carries, and the signed record's PDF.
export type { SignedRecord } from "./signed-record-pdf";
export { fileSignedRecord } from "./signed-records";
export { checkSigningCode, purgeSigningCodes, sendSigningCode, spendSigningCode } from "./signing-codes";
