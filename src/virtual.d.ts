declare module "virtual:site-config" {
  const config: import("./core/types").ThemeConfig;
  export default config;
}

/** Every plugin's client modules (getClientModules), imported for their side effects before the first render. */
declare module "virtual:client-modules" {}
