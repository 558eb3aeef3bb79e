import { useCallback, useMemo } from "react";
import { useLocation, useNavigate } from "react-router-dom";
import type { SafeStorage } from "../core/storage";
import type { SiteAssets, ThemeConfig } from "../core/types";
import type { RouteStore } from "../runtime/RouteStore";
import { SiteContext, type SiteContextValue } from "../runtime/SiteContext";
import ColorModeProvider from "./ColorModeToggle/ColorModeProvider";
import Layout from "./Layout/Layout";
import RouteContent from "./Layout/RouteContent";
import { navigateAfterPreload } from "./Layout/navigation";

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
  const navigate = useCallback<SiteContextValue["navigate"]>(
    (to, options) => navigateAfterPreload(store, to, location.pathname, (target) => routerNavigate(target, options)),
    [store, routerNavigate, location.pathname],
  );
  const prefetch = useCallback((to: string) => {
    const path = to.split(/[?#]/)[0];
    if (path) store.preload(path).catch(() => undefined);
  }, [store]);
  const site = useMemo<SiteContextValue>(() => ({ config, assets, store, storage, navigate, prefetch }), [config, assets, store, storage, navigate, prefetch]);
  return (
    <SiteContext.Provider value={site}>
      <ColorModeProvider>
        <Layout>
          <RouteContent />
        </Layout>
      </ColorModeProvider>
    </SiteContext.Provider>
  );
}
