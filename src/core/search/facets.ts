/**
 * Facet filters in Algolia's form: a list of groups that must all hold, each group either one
 * "attribute:value" or a list of them of which one must hold. A value starting with "-" negates.
 * The local index has two facets per record: `language` and `docusaurus_tag`.
 */
import { DOCS_TAG_FACET, LANGUAGE_FACET } from "./constants.ts";
import type { FacetFilter } from "./types.ts";

export interface FacetValues {
  [attribute: string]: string;
}

function entryHolds(entry: string, values: FacetValues): boolean {
  const colon = entry.indexOf(":");
  if (colon < 0) return false;
  const attribute = entry.slice(0, colon).trim();
  let value = entry.slice(colon + 1).trim();
  const negated = value.startsWith("-");
  if (negated) value = value.slice(1);
  const actual = values[attribute];
  const equal = actual !== undefined && actual === value;
  return negated ? !equal : equal;
}

function groupEntries(group: FacetFilter): readonly string[] {
  return typeof group === "string" ? [group] : group;
}

function groupHolds(group: FacetFilter, values: FacetValues): boolean {
  return groupEntries(group).some((entry) => entryHolds(entry, values));
}

/** True when a group names the given attribute in any of its entries. */
export function groupMentions(group: FacetFilter, attribute: string): boolean {
  return groupEntries(group).some((entry) => entry.slice(0, entry.indexOf(":")).trim() === attribute);
}

export function filtersHold(filters: readonly FacetFilter[] | undefined, values: FacetValues): boolean {
  return (filters ?? []).every((group) => groupHolds(group, values));
}

/** How many groups of the optional filters hold (each counts once). */
export function optionalScore(filters: readonly FacetFilter[] | undefined, values: FacetValues): number {
  return (filters ?? []).reduce((score, group) => score + (groupHolds(group, values) ? 1 : 0), 0);
}

/** The filters without the groups that name `attribute` (for disjunctive facet counts). */
export function withoutAttribute(filters: readonly FacetFilter[] | undefined, attribute: string): FacetFilter[] {
  return (filters ?? []).filter((group) => !groupMentions(group, attribute));
}

/** The facet values of a record of a section. */
export function sectionFacets(language: string, tag: string): FacetValues {
  return { [LANGUAGE_FACET]: language, [DOCS_TAG_FACET]: tag };
}
