import { ApiError, type Api, apiBase, restApi } from './api.js';
import { el } from './dom.js';
import { localeOf, type Strings } from './strings.js';
import { adoptStyles } from './styles.js';

/**
 * What both elements share: an open shadow root with the shared stylesheet, the key, the API, the
 * language, and the events they send the host page. Rendered when connected, and again when an
 * attribute it reads changes.
 */
export abstract class Widget extends HTMLElement {
  static observedAttributes = ['publishable-key', 'api', 'locale', 'lang'];
  protected readonly root = this.attachShadow({ mode: 'open' });
  protected strings!: Strings;
  protected locale!: string;
  protected api!: Api;

  constructor() {
    super();
    adoptStyles(this.root);
  }

  /** Set once first rendered: attributes reported while the element is upgraded are read by that first rendering. */
  private started = false;

  connectedCallback(): void {
    if (this.started) return; // Moved within the page: it keeps its state.
    this.started = true;
    this.restart();
  }

  attributeChangedCallback(_name: string, before: string | null, after: string | null): void {
    if (this.started && before !== after) this.restart();
  }

  private restart(): void {
    ({ locale: this.locale, strings: this.strings } = localeOf(this));
    this.api = restApi(apiBase(this), this.getAttribute('publishable-key') ?? '');
    this.root.replaceChildren();
    void this.start();
  }

  /** Renders the widget from the beginning. */
  protected abstract start(): Promise<void>;

  /** A bubbling, composed event on the element, so the host page hears it from outside the shadow root. */
  protected emit(name: 'bp-slot-selected' | 'bp-booking-confirmed' | 'bp-lead-created' | 'bp-error', detail: unknown): void {
    this.dispatchEvent(new CustomEvent(name, { detail, bubbles: true, composed: true }));
  }

  /** The visitor's words for a failed call. */
  protected wordsFor(error: unknown): string {
    const status = error instanceof ApiError ? error.status : -1;
    const s = this.strings;
    return { 0: s.offline, 401: s.refused, 403: s.refused, 404: s.notFound, 429: s.tooMany }[status] ?? s.failed;
  }

  /** Says in `alert` (role="alert") what went wrong, and tells the host page (`bp-error`). */
  protected report(alert: HTMLElement, error: unknown, words = this.wordsFor(error)): void {
    alert.replaceChildren(words);
    const code = error instanceof ApiError ? error.code : 'INTERNAL_ERROR';
    this.emit('bp-error', { code, message: error instanceof Error && error.message ? error.message : words });
  }

  /** An empty live region for errors, announced as soon as it gets text. */
  protected alertRegion(): HTMLDivElement {
    return el('div', { role: 'alert', part: 'error' });
  }
}
