/**
 * Routing is React Router's: the address, history, the base URL (its
 * basename) and the hooks pages use. Routes themselves are data (the
 * manifests) matched by the route store, so no <Routes> tree is declared;
 * what React Router does not do (preload-then-navigate, scroll restore, the
 * progress bar, head updates) lives in small modules beside this one.
 */
export { BrowserRouter, useHref, useLocation, useNavigate, useNavigationType, useSearchParams } from "react-router-dom";
export { StaticRouter } from "react-router-dom/server";
export type { Location, NavigateOptions } from "react-router-dom";
