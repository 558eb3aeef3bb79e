import type { SafeStorage } from "../../core/storage";
import type { SiteAssets, ThemeConfig } from "../../core/types";
import type { RouteStore } from "../RouteStore";
import { createStrictContext } from "./strictContext";

export interface SiteContextValue {
  config: ThemeConfig;
  assets: SiteAssets;
  store: RouteStore;
  storage: SafeStorage;
  /** Navigates after the target page is loaded; falls back to a full page load if loading fails. */
  navigate(to: string, options?: { replace?: boolean }): void;
  /** Starts loading a path's page in the background (link hover, link in view). */
  prefetch(to: string): void;
}

export const { context: SiteContext, use: useSite } = createStrictContext<SiteContextValue>("SiteProvider");
