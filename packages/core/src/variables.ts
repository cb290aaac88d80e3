/** The variables that configure the client, the loaders and `content-read doctor`. */
export const URL_VARIABLE = 'CONTENT_API_URL';
export const KEY_VARIABLE = 'CONTENT_API_KEY';
