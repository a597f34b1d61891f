/*
 * The contract constants the sign-in page needs, from the contracts' zod-free modules: the
 * package index also builds zod schemas, which would put zod into the /login bundle.
 */
export { DEFAULT_LANGUAGE, LANGUAGES, isLanguage } from '@claimdesk/contracts/constants/languages';
export { ADMIN_ROLES, SUPER_ADMIN_ROLES, hasAnyRole } from '@claimdesk/contracts/constants/roles';
export {
  ACCOUNT_DISABLED_DESCRIPTION,
  OTP_ANSWER,
  OTP_NEW_CODE_IN_HEADER,
  OTP_SENT_HEADER,
  RESET_REQUIRED_DESCRIPTION,
} from '@claimdesk/contracts/constants/auth';
