import { useCallback, useMemo, useRef } from "react";
import { useLocation, useNavigate } from "../client/router";
import type { SafeStorage } from "../core/storage";
import type { SiteAssets, ThemeConfig } from "../core/types";
import type { RouteStore } from "../client/RouteStore";
import { SiteContext, type SiteContextValue } from "../client/contexts/SiteContext";
import ColorModeProvider from "./ColorModeToggle/ColorModeProvider";
import IsBrowserProvider from "./IsBrowserProvider";
import CrashBoundary from "./CrashPage/CrashBoundary";
import DocsPreferredVersionProvider from "./DocsPreferredVersion/DocsPreferredVersionProvider";
import Layout from "./Layout/Layout";
import RouteContent from "./Layout/RouteContent";
import { navigateAfterPreload } from "../client/navigation";
import RouteAnnouncer from "../client/RouteAnnouncer";
import { canonicalTarget } from "./Link/Link";
import { addBaseUrl, isExternalUrl } from "../core/paths";

export interface AppProps {
  config: ThemeConfig;
  assets: SiteAssets;
  store: RouteStore;
  storage: SafeStorage;
}

/** The whole site: providers, chrome and the page the address names. */
export default function App({ config, assets, store, storage }: AppProps) {
  const routerNavigate = useNavigate();
  const location = useLocation();
  // Read at call time, so navigate (and with it the site context) stays the same object across navigations.
  const pathname = useRef(location.pathname);
  pathname.current = location.pathname;
  const navigate = useCallback<SiteContextValue["navigate"]>(
    (to, options) =>
      void navigateAfterPreload(store, canonicalTarget(to, pathname.current, config.url, config.baseUrl), pathname.current, {
        go: (target) => routerNavigate(target, options),
        fullLoad: (target) => window.location.assign(isExternalUrl(target) ? target : addBaseUrl(target, config.baseUrl)),
      }),
    [store, routerNavigate, config.url, config.baseUrl],
  );
  const prefetch = useCallback((to: string) => {
    const path = to.split(/[?#]/)[0];
    if (path) store.preload(path).catch(() => undefined);
  }, [store]);
  const site = useMemo<SiteContextValue>(() => ({ config, assets, store, storage, navigate, prefetch }), [config, assets, store, storage, navigate, prefetch]);
  return (
    <SiteContext.Provider value={site}>
      <IsBrowserProvider>
        <ColorModeProvider>
          <DocsPreferredVersionProvider>
            {/* A crash in the chrome itself (a bad navbar item, say) still gets the crash page. */}
            <CrashBoundary resetKey={location.pathname} standalone>
              <Layout>
                <RouteContent />
              </Layout>
              <RouteAnnouncer />
            </CrashBoundary>
          </DocsPreferredVersionProvider>
        </ColorModeProvider>
      </IsBrowserProvider>
    </SiteContext.Provider>
  );
}
