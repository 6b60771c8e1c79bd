/** Attributes of an element made by `el`: strings and numbers set as attributes, `false`/undefined left out, `true` as an empty attribute. */
type Attributes = Record<string, string | number | boolean | undefined>;

/**
 * An element with its attributes and children: the widgets' whole rendering. Text is always set
 * as text, never parsed as HTML, so nothing the API answers can inject markup.
 */
export function el<K extends keyof HTMLElementTagNameMap>(tag: K, attributes: Attributes = {}, ...children: (Node | string | null | undefined | false)[]): HTMLElementTagNameMap[K] {
  const element = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) {
    if (value === undefined || value === false) continue;
    element.setAttribute(name, value === true ? '' : String(value));
  }
  for (const child of children) if (child) element.append(child);
  return element;
}

let ids = 0;
/** An id unique in the page, to tie labels, descriptions and errors to their fields. */
export const uniqueId = (prefix: string) => `bp-${prefix}-${(ids += 1)}`;
