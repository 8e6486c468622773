// A project's files: the signed contract and change orders, the documents staff upload, message attachments.
export {
  checkFileType,
  documentsByIds,
  documentsOfOrders,
  emailAttachments,
  fileNameOf,
  listDocuments,
  type NewDocument,
  readDocument,
  sha256Hex,
  storeDocument,
} from "./documents.service";
