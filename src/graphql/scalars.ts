import { GraphQLScalarType, Kind } from 'graphql';
import { Decimal } from 'decimal.js';
import { DateResolver, DateTimeResolver } from 'graphql-scalars';
import { DATE_OR_DATE_TIME, DATE_OR_DATE_TIME_PATTERN, DATE_TEXT, DATE_TIME_TEXT, parseDate, parseDateOrDateTime, parseDateTime } from '../shared/dates.js';

interface DecimalKind {
  name: string;
  description: string;
  /** Digits allowed after the point, in and out. */
  maxDecimals: number;
  /** How a stored value is answered, given its plain decimal text (a JSON string as stored, or a NUMERIC's digits). */
  print: (text: string) => string;
  example: string;
}

/**
 * A decimal-string scalar: no float ever rounds money or quantities. Input must be a
 * string of digits (never a JSON number); output is printed without exponent notation, with the
 * scale the kind promises. `extensions.jsonSchema` is what the OpenAPI document publishes.
 */
function decimalScalar({ name, description, maxDecimals, print, example }: DecimalKind) {
  const pattern = `^-?\\d{1,20}(\\.\\d{1,${maxDecimals}})?$`;
  const shape = new RegExp(pattern);
  const message = `must be a decimal string with at most ${maxDecimals} decimals, such as "${example}"`;
  const parse = (value: unknown) => {
    if (typeof value !== 'string' || !shape.test(value)) throw new TypeError(message);
    return value;
  };
  return new GraphQLScalarType<string, string>({
    name,
    description,
    serialize(value) {
      if (typeof value === 'string' && shape.test(value)) return print(value);
      // Prisma's Decimal is decimal.js, maybe a copy bundled with the client: recognised by shape.
      if (value && typeof value === 'object' && 'toFixed' in value && typeof value.toFixed === 'function') return print(String(value.toFixed()));
      throw new TypeError(`${name} cannot represent a non-decimal value`);
    },
    parseValue: parse,
    parseLiteral: (ast) => parse(ast.kind === Kind.STRING ? ast.value : undefined),
    extensions: { jsonSchema: { type: 'string', pattern, examples: [example] } },
  });
}

export const MoneyScalar = decimalScalar({
  name: 'Money',
  description: 'An amount of money as a decimal string, never a JSON number. Always answered with exactly two decimals ("1250.00"); sent with at most two ("1250", "1250.5" or "1250.50").',
  maxDecimals: 2,
  print: (text) => new Decimal(text).toFixed(2),
  example: '1250.00',
});

export const QuantityScalar = decimalScalar({
  name: 'Quantity',
  description: 'A quantity as a decimal string with at most four decimals, never a JSON number, such as "2" or "1.5". Answered with the decimals it was given.',
  maxDecimals: 4,
  print: (text) => text,
  example: '1.5',
});

export const RateScalar = decimalScalar({
  name: 'Rate',
  description: 'A rate as a decimal fraction string, never a JSON number: "0.0825" is 8.25 %. At most six decimals; answered without trailing zeros ("0.0825", "0").',
  maxDecimals: 6,
  print: (text) => new Decimal(text).toFixed(),
  example: '0.0825',
});

/** A graphql-scalars type (its output and published schema) whose input is read by `parse`. */
function parsedBy(scalar: GraphQLScalarType, description: string, parse: (value: unknown) => Date, serialize = scalar.serialize) {
  return new GraphQLScalarType<Date, unknown>({
    ...scalar.toConfig(),
    description,
    serialize,
    parseValue: parse,
    parseLiteral: (ast) => parse(ast.kind === Kind.STRING ? ast.value : undefined),
  });
}

export const DateScalar = parsedBy(DateResolver, `A calendar date such as 2030-01-07: ${DATE_TEXT}.`, parseDate);

/**
 * graphql-scalars answers a date-time as the Date itself, which `JSON.stringify` then turns into
 * the same text through `toJSON`, off V8's fast path: four times the cost of a page of bookings'
 * JSON (measured in issue 27's note). Its text here, once.
 */
const dateTimeText = (value: unknown) => {
  const checked = DateTimeResolver.serialize(value);
  return checked instanceof Date ? checked.toISOString() : checked;
};

export const DateTimeScalar = parsedBy(
  DateTimeResolver,
  `A point in time: ${DATE_TIME_TEXT}. A date-time without an offset is refused rather than guessed at. Answered in UTC, such as 2030-01-07T09:00:00.000Z.`,
  parseDateTime,
  dateTimeText,
);

/**
 * A range's end where a person asks by days and a program by instants (a booking's start, read in
 * its resource's time zone): one typed scalar rather than a bare String, kept as its text, since
 * which instant a date names depends on the record it is compared with.
 */
export const DateOrDateTimeScalar = new GraphQLScalarType<string, string>({
  name: 'DateOrDateTime',
  description: `A calendar day or a point in time: ${DATE_OR_DATE_TIME}. A date names a whole day in the time zone of the record it is compared with (UTC for a record without one).`,
  serialize: (value) => parseDateOrDateTime(value),
  parseValue: parseDateOrDateTime,
  parseLiteral: (ast) => parseDateOrDateTime(ast.kind === Kind.STRING ? ast.value : undefined),
  extensions: { jsonSchema: { type: 'string', maxLength: 40, pattern: DATE_OR_DATE_TIME_PATTERN, examples: ['2030-01-07', '2030-01-07T09:00:00Z'] } },
});
