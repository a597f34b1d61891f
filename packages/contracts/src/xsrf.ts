/**
 * The anti-forgery pair: the server sets this cookie (readable by the page's script) and the web
 * app echoes it in this header on every unsafe request; the server refuses a mismatch
 * (XSRF_MISMATCH).
 */
export const XSRF_COOKIE = 'XSRF-TOKEN';
export const XSRF_HEADER = 'X-XSRF-TOKEN';
