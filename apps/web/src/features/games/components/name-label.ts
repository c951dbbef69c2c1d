/** Stands for a game's name in a label translated once per list (a private-use character, in no game's name). */
export const NAME_MARK = '\uE000';

/**
 * A label with a game's name in it, from its translation made once with `NAME_MARK` for the name: each card replaces
 * the mark instead of asking i18next (a lookup and an interpolation), which was the largest part of rendering a card.
 * The site does not escape interpolated values (`escapeValue: false`), so the result is the string i18next makes.
 */
export const withName =
  (template: string) =>
  (name: string): string =>
    template.split(NAME_MARK).join(name);
