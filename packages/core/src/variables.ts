/** The variables that configure the client, the loaders and `content-read doctor`. */
export const URL_VARIABLE = 'CONTENT_API_URL';
/**
 * The name of the environment variable that holds the API key, `CONTENT_API_KEY` (read by the
 * loaders and `content-read doctor`).
 */
export const KEY_VARIABLE = 'CONTENT_API_KEY';
