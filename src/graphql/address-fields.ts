import { optionalText } from '../shared/validation.js';
import type { builder } from './builder.js';

type InputFieldBuilder = Parameters<Parameters<typeof builder.inputType>[1]['fields']>[0];

/** The postal address input fields companies and sites share; `clears` ends PATCH descriptions. */
export const addressInputFields = (t: InputFieldBuilder, clears = '') => ({
  address: t.string({ description: `Street address, at most 500 characters${clears}.`, validate: optionalText(500) }),
  city: t.string({ description: `City, at most 100 characters${clears}.`, validate: optionalText(100) }),
  state: t.string({ description: `State or region, at most 100 characters${clears}.`, validate: optionalText(100) }),
  postalCode: t.string({ description: `Postal code, at most 20 characters${clears}.`, validate: optionalText(20) }),
});
