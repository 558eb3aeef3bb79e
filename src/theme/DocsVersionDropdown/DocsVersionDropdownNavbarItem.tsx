import type { NavbarDocsVersionDropdownItem } from "../../core/types";
import { versionTarget } from "../../core/docsVersions";
import DropdownMenu, { type DropdownLink } from "../Navbar/DropdownMenu";
import { isActivePath } from "../Navbar/navbarItemHref";
import Link from "../Link/Link";
import { useDocsVersions } from "../DocsPreferredVersion/useDocsVersions";

/**
 * The versions of a docs plugin. On one of its docs pages each entry leads to
 * the same doc in that version when it exists there, else to the version's
 * main doc; choosing one saves it as the reader's preferred version. The
 * button shows the version the page is in, else the preferred, else the latest.
 */
export default function DocsVersionDropdownNavbarItem({ item, pathname, inMenu }: { item: NavbarDocsVersionDropdownItem; pathname: string; inMenu: boolean }) {
  const { versions, active, shown, alternates, save } = useDocsVersions(item.docsPluginId);
  const toLink = (extra: { label: string; href: string }): DropdownLink => ({ label: extra.label, href: extra.href, active: isActivePath(extra.href, pathname) });
  const versionLinks: DropdownLink[] = versions.map((version) => ({
    label: version.label,
    href: versionTarget(version, alternates),
    active: version.name === active?.name,
    onClick: () => save(version.name),
  }));
  const links = [...(item.dropdownItemsBefore ?? []).map(toLink), ...versionLinks, ...(item.dropdownItemsAfter ?? []).map(toLink)];
  const label = item.label ?? shown.label;
  if (links.length <= 1) {
    // Nothing to choose from: a plain link to the version's main doc.
    return (
      <li className={inMenu ? "menu__item" : "navbar__item"}>
        <Link to={shown.mainDocPath} className={inMenu ? "menu__link" : "navbar__link"}>
          {label}
        </Link>
      </li>
    );
  }
  const toggleActive = !item.dropdownActiveClassDisabled && active !== undefined;
  return <DropdownMenu label={label} links={links} toggleActive={toggleActive} pathname={pathname} inMenu={inMenu} className="docs-version-dropdown" />;
}
