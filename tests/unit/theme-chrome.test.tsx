import { createElement as h } from "react";
import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { render as renderRoute } from "../../src/client/serverEntry";
import CrashPage, { causeChain } from "../../src/theme/CrashPage/CrashPage";
import { docRoute, guideManifest, pagesManifest, themeConfig, page, storeWith, withSite, assets } from "./theme-fixtures";

// Screens as the server renders them.

describe("server-rendered chrome", () => {
  const store = () => storeWith([guideManifest, pagesManifest], { [docRoute("/guide").chunk]: page(), [docRoute("/guide/second").chunk]: page(), "/assets/home.js": page(() => h("h1", null, "Home")) });

  it("renders the chrome in order: skip link first, then announcement, navbar, main and footer", () => {
    const config = themeConfig({ announcementBar: { id: "wip", content: "Work in progress", isCloseable: false } });
    const { html } = renderRoute("/guide", config, assets, store());
    const order = ["skip-to-content", "announcement-bar", 'aria-label="Main"', 'id="main-content"', '<footer class="footer"'].map((marker) => html.indexOf(marker));
    expect(order.every((position) => position >= 0)).toBe(true);
    expect([...order].sort((a, b) => a - b)).toEqual(order);
    expect(html).toMatch(/<a class="skip-to-content" href="#main-content">Skip to main content<\/a>/);
    expect(html).not.toContain("Close announcement");
  });

  it("offers a close button on a closeable announcement bar", () => {
    const config = themeConfig({ announcementBar: { id: "wip", content: "Closeable", isCloseable: true } });
    expect(renderRoute("/guide", config, assets, store()).html).toContain('aria-label="Close announcement"');
  });

  it("labels the landmarks of a docs page", () => {
    const { html } = renderRoute("/guide/second", themeConfig(), assets, store());
    for (const label of ["Main", "Docs sidebar", "Breadcrumbs", "Docs pages"]) expect(html).toContain(`aria-label="${label}"`);
  });

  it("renders the mobile menu toggle only when there are navbar items", () => {
    expect(renderRoute("/guide", themeConfig(), assets, store()).html).toContain('aria-label="Open navigation menu"');
    const empty = themeConfig({ navbar: { title: "Fixture", hideOnScroll: false, items: [] } });
    expect(renderRoute("/guide", empty, assets, store()).html).not.toContain('aria-label="Open navigation menu"');
  });

  it("puts items on the left unless they ask for the right", () => {
    const config = themeConfig({
      navbar: {
        title: "Fixture",
        hideOnScroll: false,
        items: [
          { type: "link", label: "Right link", href: "https://example.org", position: "right" },
          { type: "doc", docId: "index", label: "Left doc", href: "/guide" },
        ],
      },
    });
    const { html } = renderRoute("/guide", config, assets, store());
    const left = html.slice(html.indexOf("navbar__items--left"), html.indexOf("navbar__items--right"));
    expect(left).toContain("Left doc");
    expect(left).not.toContain("Right link");
    expect(html.slice(html.indexOf("navbar__items--right"))).toContain("Right link");
  });

  it("renders the not-found page for unknown paths with status 404", () => {
    const result = renderRoute("/guide/nope", themeConfig(), assets, store());
    expect(result.status).toBe(404);
    expect(result.html).toContain("Page not found");
  });

  it("hides the colour-mode toggle when the switch is disabled", () => {
    const config = themeConfig({ colorMode: { defaultMode: "light", disableSwitch: true, respectPrefersColorScheme: false } });
    expect(renderRoute("/guide", config, assets, store()).html).not.toContain("color-mode-toggle");
    expect(renderRoute("/guide", themeConfig(), assets, store()).html).toContain("Switch between dark and light mode (currently light mode)");
  });
});

describe("the crash page", () => {
  it("shows the message, each cause, and a Try again button", () => {
    const error = new Error("Rendering failed", { cause: new Error("Middle cause", { cause: new Error("Root cause") }) });
    const html = renderToString(withSite(h(CrashPage, { error, onTryAgain: () => undefined })));
    expect(html).toContain("This page crashed.");
    expect(html).toContain("Rendering failed");
    expect(html).toContain("Middle cause");
    expect(html).toContain("Root cause");
    expect(html).toContain("Try again");
  });

  it("stops at a cycle of causes", () => {
    const a = new Error("a");
    const b = new Error("b", { cause: a });
    (a as { cause?: unknown }).cause = b;
    expect(causeChain(a).map((error) => error.message)).toEqual(["a", "b"]);
  });
});
