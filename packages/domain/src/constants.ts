/** Business constants of spec section 9. */
export const DEFAULT_PAGE_SIZE = 25;
export const PAGE_SIZE_OPTIONS = [25, 50, 100, 250] as const;
export const MAX_PAGE_SIZE = 250;
export const PAGER_SLOTS = 7;
export const PAGER_QUICK_JUMP = 5;
export const SEARCH_PAGE_SIZE = 5;
export const DASHBOARD_ROWS = 10;
export const ME_POLL_MS = 90_000;
export const NOTIFICATION_TIMEOUT_MS = 5000;
export const INPUT_DEBOUNCE_MS = 100;
export const HEADER_PIN_SCROLL = 10;
export const EVENT_DROP_CUTOFF_DEFAULT = 240;
export const TOKEN_PATTERN_DEFAULT = "random";
export const TRAVEL_DEFAULT_START_HOUR = 6;
export const TRAVEL_DEFAULT_END_HOUR = 20;
export const INVITATION_TTL_MS = 7 * 24 * 3600 * 1000;
export const PASSWORD_RESET_TTL_MS = 3600 * 1000;
/** A mailed link confirming a new e-mail address lives a day (decision 0951). */
export const EMAIL_CHANGE_TTL_MS = 24 * 3600 * 1000;
export const ACCESS_TOKEN_TTL_MS = 30 * 24 * 3600 * 1000;
export const BREAKPOINTS = { small: 480, phone: 768, tablet: 992, desktop: 1200 } as const;
export const LOGIN_FAILURE_MESSAGE = "Incorrect email or password combination. Please try again.";
export const NO_MATCHING_DATA = "No matching data";

export const TIME_ZONES = [
  { value: "America/New_York", label: "Eastern (New York)" },
  { value: "America/Chicago", label: "Central (Chicago)" },
  { value: "America/Denver", label: "Mountain (Denver)" },
  { value: "America/Phoenix", label: "Mountain, no DST (Phoenix)" },
  { value: "America/Los_Angeles", label: "Pacific (Los Angeles)" },
  { value: "America/Anchorage", label: "Alaska (Anchorage)" },
  { value: "America/Adak", label: "Hawaii-Aleutian (Adak)" },
  { value: "Pacific/Honolulu", label: "Hawaii (Honolulu)" },
  { value: "UTC", label: "UTC" },
] as const;
