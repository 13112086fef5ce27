/** What a product image upload may be, shared by the server and the admin page (no zod here). */
export const MAX_UPLOAD_BYTES = 10 * 1024 * 1024
/** The picker's `accept`; the server checks the file's content, never this list or the name. */
export const ACCEPTED_IMAGE_TYPES = 'image/jpeg,image/png,image/webp,image/avif'
/** Images of one product at most. */
export const MAX_IMAGES_PER_PRODUCT = 30
/** An image's alternative text at most. */
export const MAX_ALT_LENGTH = 300
