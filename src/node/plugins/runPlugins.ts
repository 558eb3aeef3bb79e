import { createHash } from "node:crypto";
import { SiteError } from "../errors";
import type { Plugin, PluginGlobalData, RouteConfig, RouteSectionConfig } from "./types";

/** One plugin after its content was loaded and turned into routes and data. */
export interface LoadedPlugin {
  plugin: Plugin;
  routes: RouteConfig[];
  globalData?: PluginGlobalData;
  /** The plugin's route sections, when it split its routes (see PluginActions.addRouteSection). */
  sections: RouteSectionConfig[];
}

export interface PluginsResult {
  loaded: LoadedPlugin[];
  /** Files createData wrote, by path relative to the site root. */
  dataFiles: Map<string, string>;
}

const SAFE_NAME = /^[a-zA-Z0-9_-]+$/;
const SECTION_NAME = /^[^/\\\s][^/\\]*$/;

/** Runs loadContent then contentLoaded of every plugin; plugins load their content in parallel. */
export async function runPlugins(plugins: Plugin[], baseUrl: string): Promise<PluginsResult> {
  const seenIds = new Map<string, string>();
  for (const plugin of plugins) {
    const other = seenIds.get(plugin.id);
    if (other !== undefined) throw new SiteError(`Two plugins share the id "${plugin.id}" (${other} and ${plugin.name}); give each instance its own id`);
    seenIds.set(plugin.id, plugin.name);
  }
  const contents = await Promise.all(plugins.map((plugin) => plugin.loadContent?.()));
  const dataFiles = new Map<string, string>();
  const loaded: LoadedPlugin[] = [];
  for (const [index, plugin] of plugins.entries()) {
    const entry: LoadedPlugin = { plugin, routes: [], sections: [] };
    const where = `plugin ${plugin.name} (id "${plugin.id}")`;
    await plugin.contentLoaded?.({
      content: contents[index],
      actions: {
        addRoute(route) {
          if (!route.path.startsWith("/")) throw new SiteError(`${where}: route "${route.path}" must start with "/"`);
          const names = entry.sections.map((section) => section.name);
          if (route.section === undefined ? names.length > 0 : !names.includes(route.section)) {
            throw new SiteError(`${where}: route "${route.path}" names section ${JSON.stringify(route.section)}; the plugin's sections are: ${names.join(", ") || "(none)"}`);
          }
          entry.routes.push(route);
        },
        addRouteSection(section) {
          if (!SECTION_NAME.test(section.name)) throw new SiteError(`${where}: route section name "${section.name}" must be non-empty, without "/" or "\\"`);
          if (entry.sections.some((other) => other.name === section.name)) throw new SiteError(`${where}: route section "${section.name}" was added twice`);
          if (entry.routes.length > 0) throw new SiteError(`${where}: add route sections before routes`);
          if (!section.routeBasePath.startsWith("/")) throw new SiteError(`${where}: route section "${section.name}" has base path "${section.routeBasePath}", which must start with "/"`);
          entry.sections.push(section);
        },
        setGlobalData(data) {
          entry.globalData = data;
        },
        createData(name, data) {
          if (!SAFE_NAME.test(name)) throw new SiteError(`${where}: createData name "${name}" may only use letters, digits, "-" and "_"`);
          const json = JSON.stringify(data);
          const file = `assets/data-${plugin.id.replace(/[^a-zA-Z0-9_-]/g, "-")}-${name}-${createHash("sha256").update(json).digest("hex").slice(0, 10)}.json`;
          dataFiles.set(file, json);
          return `${baseUrl}${file}`;
        },
      },
    });
    if (entry.routes.length > 0 && !entry.globalData) {
      throw new SiteError(`${where} added routes but never called setGlobalData({ label, routeBasePath }): the browser cannot tell which pages are its`);
    }
    loaded.push(entry);
  }
  return { loaded, dataFiles };
}
