/**
 * The widgets' one stylesheet, adopted by each shadow root (a constructable stylesheet): no
 * <style> element and no `style` attribute, so a host page whose CSP forbids inline styles shows
 * them. Themed by the host page through the custom properties below and `::part()`.
 */
const css = `
:host {
  display: block;
  box-sizing: border-box;
  max-width: 100%;
  color: var(--bp-text, #1f2328);
  background: var(--bp-background, #fff);
  font: 16px/1.45 var(--bp-font, system-ui, -apple-system, "Segoe UI", Roboto, sans-serif);
  --_accent: var(--bp-accent, #0b57d0);
  --_radius: var(--bp-radius, 8px);
  --_border: var(--bp-border, #c4c7cf);
}
:host([hidden]) { display: none; }
*, *::before, *::after { box-sizing: inherit; }
[part~="container"] { padding: 1rem; border: 1px solid var(--_border); border-radius: var(--_radius); }
h2, h3 { margin: 0 0 .75rem; font-size: 1.15rem; line-height: 1.3; }
h3 { font-size: 1rem; }
p { margin: 0 0 .75rem; }
button, input, select, textarea { font: inherit; color: inherit; }
button {
  cursor: pointer;
  border: 1px solid var(--_accent);
  border-radius: var(--_radius);
  padding: .5rem .9rem;
  background: var(--bp-background, #fff);
  color: var(--_accent);
  min-height: 44px;
}
button:hover { background: color-mix(in srgb, var(--_accent) 8%, transparent); }
button[part~="submit"], button[aria-pressed="true"] { background: var(--_accent); color: #fff; }
button:disabled { opacity: .6; cursor: default; }
:focus-visible { outline: 3px solid var(--_accent); outline-offset: 2px; }
.toolbar { display: flex; align-items: center; justify-content: space-between; gap: .5rem; margin-bottom: .5rem; }
.toolbar h3 { margin: 0; }
.toolbar button { min-width: 44px; padding: .25rem .6rem; }
table[role="grid"] { width: 100%; border-collapse: collapse; table-layout: fixed; margin-bottom: 1rem; }
th { font-size: .8rem; font-weight: 600; padding: .25rem 0; }
td { text-align: center; padding: 2px; }
td[role="gridcell"] { cursor: pointer; border-radius: var(--_radius); height: 40px; font-weight: 600; color: var(--_accent); }
td[aria-disabled="true"] { cursor: default; font-weight: 400; color: #6b7280; }
td[aria-selected="true"] { background: var(--_accent); color: #fff; }
td[role="gridcell"]:focus { outline: 3px solid var(--_accent); outline-offset: -3px; }
.slots { display: grid; grid-template-columns: repeat(auto-fill, minmax(6.5rem, 1fr)); gap: .5rem; list-style: none; margin: 0 0 1rem; padding: 0; }
.slots button { width: 100%; padding-inline: .5rem; white-space: nowrap; }
.resources { list-style: none; margin: 0; padding: 0; display: grid; gap: .5rem; }
.resources button { width: 100%; text-align: left; }
.zone { display: flex; flex-wrap: wrap; gap: .25rem .75rem; align-items: center; font-size: .9rem; margin-bottom: .75rem; }
.zone select { width: auto; max-width: 100%; }
.field { display: grid; gap: .25rem; margin-bottom: .75rem; }
.field.check { grid-template-columns: auto 1fr; align-items: center; }
label { font-weight: 600; font-size: .95rem; }
input:not([type="checkbox"]), select, textarea {
  width: 100%;
  min-height: 44px;
  padding: .45rem .6rem;
  border: 1px solid var(--_border);
  border-radius: var(--_radius);
  background: var(--bp-background, #fff);
}
input[type="checkbox"] { width: 1.25rem; height: 1.25rem; accent-color: var(--_accent); }
textarea { min-height: 6rem; resize: vertical; }
[aria-invalid="true"] { border-color: #b3261e; }
.problem { color: #b3261e; font-size: .9rem; margin: 0; }
[role="alert"]:not(:empty) { border-left: 4px solid #b3261e; padding: .5rem .75rem; margin-bottom: .75rem; background: #fdecea; color: #5f1410; }
[role="alert"] ul { margin: .25rem 0 0; padding-left: 1.2rem; }
[role="status"] { font-size: .9rem; }
.visually-hidden { position: absolute; width: 1px; height: 1px; margin: -1px; padding: 0; overflow: hidden; clip: rect(0 0 0 0); white-space: nowrap; border: 0; }
`;

let sheet: CSSStyleSheet | undefined;

/** Gives `root` the widgets' stylesheet, made once per page and shared by every element. */
export function adoptStyles(root: ShadowRoot): void {
  if (!sheet) {
    sheet = new CSSStyleSheet();
    sheet.replaceSync(css);
  }
  root.adoptedStyleSheets = [sheet];
}
