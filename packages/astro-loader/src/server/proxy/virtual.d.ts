declare module 'virtual:content-read/proxy-settings' {
  const settings: import('./settings.js').ProxySettings;
  export default settings;
}

// What astro:env/server holds in a site with contentRead() (whose schema declares the URL),
// for this package's compilation: sites get the module from Astro itself.
declare module 'astro:env/server' {
  export const getSecret: (key: string) => string | undefined;
  export const CONTENT_API_URL: string | undefined;
}

declare module 'virtual:content-read/proxy-limiter' {
  const limiter: import('./rate-limit.js').SharedLimiter | undefined;
  export default limiter;
}
