import type { ComboboxItem, ComboboxParsedItem, OptionsFilter } from "@mantine/core";
import { foldForSearch } from "@rollbook/domain";

/**
 * Mantine's option filter, blind to accents as well as case (decisions 0613, 0615): the label and
 * what is typed are folded by the domain's rule, as the server folds its searches, so "cafe" keeps
 * "Café" in a searchable Select as it finds it in the lists. Groups keep their order; `limit` holds.
 */
export const foldedOptionsFilter: OptionsFilter = ({ options, search, limit }) => {
  const term = foldForSearch(search).trim();
  const out: ComboboxParsedItem[] = [];
  for (const item of options) {
    if (out.length === limit) break;
    if ("group" in item) {
      const items = foldedOptionsFilter({ options: item.items, search, limit: limit - out.length }) as ComboboxItem[];
      out.push({ group: item.group, items });
    } else if (foldForSearch(item.label).includes(term)) out.push(item);
  }
  return out;
};
