/**
 * POST /v2/api/users/profile-picture[/{id}], multipart with a `file` part.
 * Images only, 5 MB at most; answers the updated user, whose profilePicUrl serves the picture.
 */
export const PROFILE_PICTURE_MAX_BYTES = 5 * 1024 * 1024;
export const PROFILE_PICTURE_TYPES = ['image/png', 'image/jpeg', 'image/gif', 'image/webp'] as const;
