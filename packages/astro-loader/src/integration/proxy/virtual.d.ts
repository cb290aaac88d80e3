declare module 'virtual:content-read/proxy-settings' {
  const settings: import('../options.js').ProxySettings;
  export default settings;
}
