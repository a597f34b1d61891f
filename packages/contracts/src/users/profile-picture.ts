import { z } from 'zod';
import { ZText } from '../text';

/**
 * POST /v2/api/users/profile-picture[/{id}], multipart with a `file` part.
 * Images only, 5 MB at most; answers the updated user, whose profilePicUrl serves the picture.
 */
export const PROFILE_PICTURE_MAX_BYTES = 5 * 1024 * 1024;
export const PROFILE_PICTURE_TYPES = ['image/png', 'image/jpeg', 'image/gif', 'image/webp'] as const;

/** GET /v2/public/profile-pictures/{file}: a picture by its content-hash name. */
export const ZProfilePictureParams = z.object({
  file: ZText.regex(
    /^[0-9a-f]{64}\.(png|jpg|gif|webp)$/,
    'A picture name: 64 hex digits and an image extension',
  ),
});
