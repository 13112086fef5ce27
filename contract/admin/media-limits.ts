/**
 * What a product image upload may be (issue 19), shared by the server and the admin page. Imports
 * nothing, so the admin bundle ships no zod for it.
 */
export const MAX_UPLOAD_BYTES = 10 * 1024 * 1024
/** The picker's `accept`; the server checks the file's content, never this list or the name. */
export const ACCEPTED_IMAGE_TYPES = 'image/jpeg,image/png,image/webp,image/avif'
