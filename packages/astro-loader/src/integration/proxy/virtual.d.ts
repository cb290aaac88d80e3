declare module 'virtual:content-read/proxy-settings' {
  const settings: import('../options.js').ProxySettings;
  export default settings;
}

declare module 'virtual:content-read/env-context' {
  const context: import('../../config/env.js').EnvContext;
  export default context;
}
