import { describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.js';

// The configuration is read per request in places (a booking's mail): it is parsed again only
// when a variable it reads changed, and a change is never missed.
describe('loadConfig', () => {
  it('answers the same reading while the variables are unchanged, and reads a change at once', () => {
    const env: NodeJS.ProcessEnv = { PUBLIC_BOOKING_MAILS_PER_HOUR: '7', UNRELATED: 'a' };
    const first = loadConfig(env);
    expect(first.PUBLIC_BOOKING_MAILS_PER_HOUR).toBe(7);
    env.UNRELATED = 'b';
    expect(loadConfig(env)).toBe(first);
    env.PUBLIC_BOOKING_MAILS_PER_HOUR = '5';
    expect(loadConfig(env).PUBLIC_BOOKING_MAILS_PER_HOUR).toBe(5);
    delete env.PUBLIC_BOOKING_MAILS_PER_HOUR;
    // Unset again: the default.
    expect(loadConfig(env).PUBLIC_BOOKING_MAILS_PER_HOUR).toBe(3);
    expect(Object.isFrozen(first)).toBe(true);
  });

  it('refuses an invalid value every time, naming it', () => {
    const env: NodeJS.ProcessEnv = { PORT: 'not a port' };
    expect(() => loadConfig(env)).toThrow(/Invalid configuration: PORT/);
    expect(() => loadConfig(env)).toThrow(/Invalid configuration: PORT/);
    env.PORT = '8080';
    expect(loadConfig(env).PORT).toBe(8080);
  });
});
