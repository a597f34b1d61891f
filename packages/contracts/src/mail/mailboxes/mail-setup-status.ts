/**
 * GET /v2/api/settings/initial-properties/mail-box-setup-status: text `true` when the store has
 * at least one enabled mailbox and none of its mailboxes is failing, else `false` (the settings
 * warning badge). Any signed-in password user may read it.
 */
export const MAIL_SETUP_STATUS_PATH = '/v2/api/settings/initial-properties/mail-box-setup-status';
