import { BpBooking } from './booking.js';
import { BpLeadForm } from './lead-form.js';

/**
 * The widgets' bundle (`/embed/v1/widgets.js`): defines both elements, once, however many times
 * a page loads it.
 */
for (const [name, element] of [
  ['bp-booking', BpBooking],
  ['bp-lead-form', BpLeadForm],
] as const) {
  if (!customElements.get(name)) customElements.define(name, element);
}
