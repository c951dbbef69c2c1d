/**
 * HTML built only through the `html` tag: every interpolated value is escaped unless it is itself the result
 * of `html` (already safe). There is no other way to put text into a page.
 */

export class SafeHtml {
  constructor(readonly value: string) {}
  toString(): string {
    return this.value;
  }
}

const ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
  '`': '&#96;',
};

export const escapeHtml = (text: string): string => text.replace(/[&<>"'`]/g, (char) => ESCAPES[char] ?? char);

type Interpolation = SafeHtml | string | number | null | undefined | false | readonly Interpolation[];

const render = (value: Interpolation): string => {
  if (value === null || value === undefined || value === false) return '';
  if (value instanceof SafeHtml) return value.value;
  if (Array.isArray(value)) return value.map(render).join('');
  return escapeHtml(String(value));
};

export const html = (strings: TemplateStringsArray, ...values: Interpolation[]): SafeHtml => {
  let out = strings[0] ?? '';
  values.forEach((value, index) => {
    out += render(value) + (strings[index + 1] ?? '');
  });
  return new SafeHtml(out);
};
