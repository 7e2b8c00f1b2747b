import fc from "fast-check";

/** The JSON Schema subset zod's `z.toJSONSchema` writes for the gateway's inputs. */
export interface Schema {
  type?: string;
  anyOf?: Schema[];
  enum?: unknown[];
  const?: unknown;
  properties?: Record<string, Schema>;
  required?: string[];
  additionalProperties?: unknown;
  items?: Schema;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  minItems?: number;
  maxItems?: number;
  default?: unknown;
}

/** Strings that have broken servers: lone surrogates, bidi and zero-width marks, NUL, odd scripts, injection-looking text. */
export const ODD_STRINGS: readonly string[] = [
  "",
  " ",
  "\ud800",
  "\udfff",
  "a\udc00b",
  "\udbff\udbff",
  "\u0000",
  "\u202eabc",
  "\u200b\u200c\u200d\ufeff",
  "\ufffe\uffff",
  "ما هي مدة فترة التجربة للعامل؟",
  "مادة ٧٧ — نظام العمل",
  "e\u0301\u0301\u0301\u0301",
  "👩‍👩‍👧‍👦🇸🇦",
  "𝕏𝔸𝕀",
  "__proto__",
  "constructor",
  "../../etc/passwd",
  "%",
  "%zz",
  "' OR 1=1 --",
  "<script>alert(1)</script>",
  "${7*7}{{7*7}}",
  "%s%n%x",
  "\r\n\r\nX-Injected: 1",
  "null",
  "-1",
  "1e309",
  "NaN",
];

/** A string far past every field limit (the JSON body limit is 64 kB; some routes allow more). */
export const HUGE = fc.constantFrom("x".repeat(70_000), "م".repeat(40_000), "\ud800".repeat(20_000), "a".repeat(5_000));

const oddString = fc.oneof(fc.constantFrom(...ODD_STRINGS), fc.string({ unit: "binary", maxLength: 40 }));

/** Values of the wrong JSON type for any field. */
export const WRONG_TYPE: fc.Arbitrary<unknown> = fc.oneof(
  fc.constant(null),
  fc.boolean(),
  fc.integer(),
  fc.double(),
  fc.constantFrom(Number.MAX_SAFE_INTEGER, -1, 0, 1e308),
  fc.array(fc.string(), { maxLength: 3 }),
  fc.dictionary(fc.string({ maxLength: 5 }), fc.string({ maxLength: 5 }), { maxKeys: 3 }),
  oddString,
);

/** Values a client could plausibly send for `schema`: mostly within its constraints, sometimes odd strings. */
export function valueFor(schema: Schema | undefined, depth = 0): fc.Arbitrary<unknown> {
  if (!schema || depth > 4) return fc.jsonValue({ maxDepth: 2 });
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (schema.enum) return fc.constantFrom(...schema.enum);
  if (schema.anyOf) return fc.oneof(...schema.anyOf.map((option) => valueFor(option, depth + 1)));
  switch (schema.type) {
    case "string": {
      const minLength = schema.minLength ?? 0;
      const maxLength = Math.max(minLength, Math.min(schema.maxLength ?? 80, 80));
      return fc.oneof({ weight: 3, arbitrary: fc.string({ minLength, maxLength }) }, { weight: 2, arbitrary: oddString }, { weight: 1, arbitrary: fc.string({ unit: "grapheme", minLength, maxLength }) });
    }
    case "integer":
      return fc.integer({ min: Math.max(schema.minimum ?? -1000, Number.MIN_SAFE_INTEGER), max: Math.min(schema.maximum ?? 1_000_000, Number.MAX_SAFE_INTEGER) });
    case "number":
      return fc.double({ min: schema.minimum ?? -1e6, max: schema.maximum ?? 1e6, noNaN: true });
    case "boolean":
      return fc.boolean();
    case "null":
      return fc.constant(null);
    case "array":
      return fc.array(valueFor(schema.items, depth + 1), { minLength: schema.minItems ?? 0, maxLength: Math.min(schema.maxItems ?? 4, 4) });
    case "object":
      return objectFor(schema, depth);
    default:
      return fc.jsonValue({ maxDepth: 2 });
  }
}

function objectFor(schema: Schema, depth: number): fc.Arbitrary<Record<string, unknown>> {
  const properties = schema.properties ?? {};
  const record = fc.record(
    Object.fromEntries(Object.entries(properties).map(([name, property]) => [name, valueFor(property, depth + 1)])),
    { requiredKeys: (schema.required ?? []).filter((name) => name in properties) },
  ) as fc.Arbitrary<Record<string, unknown>>;
  return record.map((value) => ({ ...value }));
}

/** A value for `schema`, then broken: a required field dropped, a field of the wrong type or huge, or a stray field. */
export function brokenObjectFor(schema: Schema): fc.Arbitrary<unknown> {
  const names = Object.keys(schema.properties ?? {});
  const valid = valueFor(schema).map((value) => (value && typeof value === "object" && !Array.isArray(value) ? (value as Record<string, unknown>) : {}));
  const field = names.length > 0 ? fc.constantFrom(...names) : fc.constant("unexpected");
  return fc.oneof(
    fc.tuple(valid, field).map(([value, name]) => {
      const copy = { ...value };
      delete copy[name];
      return copy;
    }),
    fc.tuple(valid, field, WRONG_TYPE).map(([value, name, wrong]) => ({ ...value, [name]: wrong })),
    fc.tuple(valid, field, HUGE).map(([value, name, huge]) => ({ ...value, [name]: huge })),
    fc.tuple(valid, oddString, WRONG_TYPE).map(([value, name, extra]) => ({ ...value, [name]: extra })),
  );
}
