/** Business constants and limits (spec section 9). */
export const DEFAULT_PAGE_SIZE = 15;
export const DOSSIER_PAGE_SIZE = 10;
export const ATTACHMENT_PAGE_SIZE = 20;
export const EMAIL_MAX_LENGTH = 1024;
export const DATE_BOUND_YEARS = 120;
export const SEARCH_MIN_LENGTH = 3;
export const REQUEST_TIMEOUT_MS = 120_000;
export const FILTER_DEBOUNCE_MS = 300;
export const PUSH_BANNER_DELAY_MS = 1000;
export const SERVICE_WORKER_CHECK_MS = 3_600_000;
export const REFRESH_TOKEN_DAYS = 14;
export const REFRESH_TOKEN_KEEP_LOGIN_DAYS = 365;
export const NOTIFICATION_DISMISSAL_DAYS = 30;
export const NOTIFICATION_DISMISSAL_VALUE = 2;
export const MOBILE_BREAKPOINT = 768;
export const BOTTOM_BAR_BREAKPOINT = 576;
export const LAYOUT_SIZES = { header: 48, navbarCollapsed: 70, navbarExpanded: 150, bottomBar: 60 } as const;
export const INTERVENTION_PRIORITY_MIN = 1;
export const INTERVENTION_PRIORITY_MAX = 4;
export const REPORT_MAX_FILES = 1;
export const LOCALE = 'it';
/** Totals of filtered lists are counted up to this cap ("oltre 1.000"). */
export const COUNT_CAP = 1000;
/**
 * Totals of a search (activities, condominiums, common parts) are counted up to this cap ("oltre 100"):
 * a common word matches thousands of records, and counting them would cost more than the page; past a
 * hundred results a person narrows the search instead of paging.
 */
export const SEARCH_COUNT_CAP = 100;
export const ENVIRONMENTS = ['production', 'beta', 'dev'] as const;
export type AppEnvironment = (typeof ENVIRONMENTS)[number];
/** The route excluded from last-access updates. */
export const LAST_ACCESS_EXCLUDED_PATH = '/attachmentPreview';
