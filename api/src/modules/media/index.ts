// Uploaded images and project files: the back office's upload, the stored images with their responsive
// variants, and the storage (local folder or S3 bucket) that holds every file's bytes.
export { mediaUploadOpenApi, mediaUploadPlugin } from "./media.rest";
export { bytesOf, documentKey, getMediaSize, moveInlineBytes, putThenRecord, type StoredBytes } from "./media.service";
export { type ObjectStore, objectStoreOf, StorageSetupError } from "./object-store";
export { convertUpload, getMedia, MEDIA_MAX_BYTES, UPLOAD_TYPES } from "./upload.service";
