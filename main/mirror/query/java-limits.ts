/** The Java module's page size: 25 unless asked, at most 100 (Constants.DEFAULT_LIMIT, MAX_LIMIT), whatever this API's own settings. */
export const JAVA_DEFAULT_LIMIT = 25;
export const JAVA_MAX_LIMIT = 100;
