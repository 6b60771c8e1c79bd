import { GraphQLScalarType, Kind } from 'graphql';
import { Decimal } from 'decimal.js';

const decimalPattern = /^-?\d{1,20}(\.\d{1,10})?$/;

/**
 * Money, quantities and rates travel as decimal strings ("1234.50") so no float ever rounds them.
 * Output accepts Prisma's Decimal (a decimal.js instance) and prints it without exponent notation.
 */
export const DecimalScalar = new GraphQLScalarType<string, string>({
  name: 'Decimal',
  description: 'A decimal number as a string, such as "1234.50". Used for money, quantities and rates; never a JSON number.',
  serialize(value) {
    if (typeof value === 'string') return value;
    if (Decimal.isDecimal(value)) return (value as Decimal).toFixed();
    if (value && typeof value === 'object' && 'toFixed' in value && typeof value.toFixed === 'function') return String(value.toFixed());
    throw new TypeError('Decimal cannot represent a non-decimal value');
  },
  parseValue(value) {
    if (typeof value !== 'string' || !decimalPattern.test(value)) {
      throw new TypeError('must be a decimal string such as "1234.50"');
    }
    return value;
  },
  parseLiteral(ast) {
    if (ast.kind !== Kind.STRING || !decimalPattern.test(ast.value)) {
      throw new TypeError('must be a decimal string such as "1234.50"');
    }
    return ast.value;
  },
});
