import { isEnumType, isInputObjectType, isInterfaceType, isObjectType, isScalarType, isSpecifiedScalarType } from 'graphql';
import { describe, expect, it } from 'vitest';
import { schema } from '../src/graphql/schema.js';
import { useHarness } from './support/harness.js';

describe('schema descriptions', () => {
  it('describe every type, field, argument and enum value, for people and AI agents alike', () => {
    const missing: string[] = [];
    for (const type of Object.values(schema.getTypeMap())) {
      if (type.name.startsWith('__') || (isScalarType(type) && isSpecifiedScalarType(type))) continue;
      if (!type.description?.trim()) missing.push(type.name);
      if (isObjectType(type) || isInterfaceType(type) || isInputObjectType(type)) {
        for (const field of Object.values(type.getFields())) {
          if (!field.description?.trim()) missing.push(`${type.name}.${field.name}`);
          for (const arg of 'args' in field ? field.args : []) {
            if (!arg.description?.trim()) missing.push(`${type.name}.${field.name}(${arg.name})`);
          }
        }
      }
      if (isEnumType(type)) {
        for (const value of type.getValues()) if (!value.description?.trim()) missing.push(`${type.name}.${value.name}`);
      }
    }
    expect(missing).toEqual([]);
  });
});

describe('authentication, as an introspecting client reads it', () => {
  const harness = useHarness();
  it('is explained by the schema description, which needs no key to read', async () => {
    const response = await harness.h.app.fetch('http://localhost/graphql', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ query: '{ __schema { description queryType { description } } }' }),
    });
    const { data } = await response.json();
    expect(data.__schema.description).toContain('Authorization: Bearer <key>');
    expect(data.__schema.description).toMatch(/sk_live_.*pk_live_/s);
    expect(data.__schema.queryType.description).toContain('Authorization: Bearer');
  });
});
