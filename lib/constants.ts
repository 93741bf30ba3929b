/** Business constants of spec section 9: defined once, imported everywhere. */
export const DEFAULT_PAGE_SIZE = 10;
/** The page sizes a list offers (kept in the URL's count). */
export const PAGE_SIZES = [10, 25, 50, 100] as const;
export const NOTIFICATIONS_PAGE_SIZE = 20;
export const MAX_PAGE_SIZE = 500;
export const MIN_SEARCH_LENGTH = 3;

export const TOAST_DURATION_MS = 5000;
export const CHUNK_RELOAD_GUARD_MS = 60_000;
export const NOTIFICATION_REFRESH_MS = 120_000;
export const CHECK_IN_INTERVAL_MS = 300_000;
export const LOADING_BAR_THROTTLE_MS = 200;
export const LOADING_BAR_DURATION_MS = 5000;
export const SIDEBAR_MINI_WIDTH_PX = 72;
export const SIDEBAR_WIDTH_PX = 248;

export const DEFAULT_RANGE_MONTHS = 12;
/** The longest period a series may cover: a month per point, so at most 120 points. */
export const MAX_RANGE_YEARS = 10;
/** Dates outside these years are typing mistakes (a ledger has no invoice of 0001 or 2999). */
export const EARLIEST_YEAR = 1900;
export const LATEST_YEAR = 2199;
/** Ids are PostgreSQL integers: anything larger names nothing and must not reach the database. */
export const MAX_ID = 2_147_483_647;
/** A page number past this is a mistake, not a list anyone pages through. */
export const MAX_PAGE_NUMBER = 1_000_000;
/** The DSO end date is this many months before today. */
export const DSO_END_LAG_MONTHS = 1;
/** Spec sections 7 and 9 spell the communications list's default order 'DECS': read as DESC, newest first. */
export const COMMUNICATIONS_DEFAULT_ORDER = 'DECS';
export const OTHERS_TASK_CATEGORY = { taskCategoryId: 9, taskCategory: 'Others' } as const;

export const APP_TITLE = 'Client receivables dashboard';
export const MESSAGES = {
  dataNotAvailable: 'Data not available',
  errorFetching: 'Error fetching data',
  toastGeneric: 'Oops! Something went wrong. Please try refreshing',
  signOutFailed: 'Something went wrong on sign out!',
  notFound: 'This page could not be found',
  nothingNew: 'Nothing new for you.',
} as const;

/** Task colours for open and closed (spec section 3). */
export const TASK_STATUS_STYLES = {
  OPEN: 'bg-amber-50 text-amber-800 ring-amber-600/20',
  CLOSED: 'bg-emerald-50 text-emerald-800 ring-emerald-600/20',
} as const;
