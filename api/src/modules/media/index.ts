// Uploaded images: the back office's upload and the stored images with their responsive variants.
export { mediaUploadOpenApi, mediaUploadPlugin } from "./media.rest";
export { getMediaSize } from "./media.service";
export { convertUpload, getMedia, MEDIA_MAX_BYTES, UPLOAD_TYPES } from "./upload.service";
