declare module 'virtual:content-read/proxy-settings' {
  const settings: import('../options.js').ProxySettings;
  export default settings;
}

// Astro's own declaration, for this package's compilation (sites get it from astro/client).
declare module 'astro:env/server' {
  export const getSecret: (key: string) => string | undefined;
}
