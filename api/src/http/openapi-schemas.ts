// The document's shared schemas and its examples: named schemas moved from zod's `$defs` into
// `components.schemas`, money stated in the form of the operation's version, and an example made for
// every operation's body and answer from its schema.
import { MONEY_UNIT, type MoneyUnit, moneyFieldName } from "@ch/contracts/money";

type Json = Record<string, unknown>;

/** How an operation states money: `money` ({ amount, currency }: admin paths, webhooks) or as the spec's dollars. */
export type MoneyStyle = "money" | "legacy";

/**
 * A shared schema (http/schema-names.ts) comes out of zod in `$defs`; its references are pointed at the
 * document's components, a request's form and the money form of it marked until `hoistSharedSchemas` names them.
 */
const INPUT_FORM = "~input";
const MONEY_FORM = "~money";
const COMPONENT = "#/components/schemas/";
export function pointedAtComponents(json: Json, io: "input" | "output", money: MoneyStyle): Json {
  const suffix = `${io === "input" ? INPUT_FORM : ""}${money === "money" ? MONEY_FORM : ""}`;
  const visit = (node: unknown): unknown => {
    if (Array.isArray(node)) return node.map(visit);
    if (node === null || typeof node !== "object") return node;
    const out: Json = {};
    for (const [key, value] of Object.entries(node)) {
      if (key === "$ref" && typeof value === "string" && value.startsWith("#/$defs/")) {
        out[key] = `${COMPONENT}${value.slice("#/$defs/".length)}${suffix}`;
      } else if (key === "$defs" && value && typeof value === "object") {
        out[key] = Object.fromEntries(Object.entries(value).map(([name, def]) => [`${name}${suffix}`, visit(def)]));
      } else out[key] = visit(value);
    }
    return out;
  };
  return visit(json) as Json;
}

const UNIT_NOTES: Record<MoneyUnit, string> = {
  dollars: "US dollars",
  cents: "Whole US cents",
  usdt: 'An exact USDT amount ("21558.004217")',
};
const DEFAULT_MONEY_NOTES = new Set(Object.values(UNIT_NOTES));

const unitOf = (node: unknown): MoneyUnit | undefined => {
  if (node === null || typeof node !== "object") return undefined;
  const own = (node as Json)[MONEY_UNIT] as MoneyUnit | undefined;
  if (own) return own;
  const anyOf = (node as Json).anyOf;
  return Array.isArray(anyOf) ? anyOf.map(unitOf).find((unit) => unit !== undefined) : undefined;
};

/**
 * Money as the operation states it: in the money form a marked field (contracts/money.ts) is a `Money`,
 * named as lib/money-form.ts answers it; otherwise the mark is left out.
 */
export function withMoneyStyle(json: Json, money: MoneyStyle): Json {
  const visit = (node: unknown): unknown => {
    if (Array.isArray(node)) return node.map(visit);
    if (node === null || typeof node !== "object") return node;
    const { [MONEY_UNIT]: unit, ...rest } = node as Json;
    if (unit !== undefined && money === "money") {
      const note = rest.description;
      return {
        $ref: `${COMPONENT}Money`,
        ...(typeof note === "string" && !DEFAULT_MONEY_NOTES.has(note) ? { description: note } : {}),
      };
    }
    const out: Json = {};
    for (const [key, value] of Object.entries(rest)) out[key] = visit(value);
    // the spec's form says the unit a field's own description leaves out
    const note = unit !== undefined ? UNIT_NOTES[unit as MoneyUnit] : undefined;
    if (note && typeof out.description === "string" && !out.description.includes(note)) {
      out.description = `${note}. ${out.description}`;
    }
    const properties = rest.properties as Json | undefined;
    if (money === "money" && properties && typeof properties === "object") {
      const nameOf = (key: string) => {
        const fieldUnit = unitOf(properties[key]);
        return fieldUnit ? moneyFieldName(key, fieldUnit) : key;
      };
      out.properties = Object.fromEntries(Object.entries(out.properties as Json).map(([key, v]) => [nameOf(key), v]));
      if (Array.isArray(rest.required)) out.required = rest.required.map((key) => nameOf(String(key)));
    }
    return out;
  };
  return visit(json) as Json;
}

/** A marked name's forms, in the order their names are chosen, each with the names it may take. */
function candidateNames(base: string, input: boolean, money: boolean): string[] {
  const admin = base.startsWith("Admin") ? [] : [`Admin${base}`];
  if (!money) return input ? [base, `${base}Input`] : [base];
  return input
    ? [base, `${base}Input`, ...admin.map((n) => `${n}Input`), `${base}MoneyInput`]
    : [base, ...admin, `${base}Money`];
}

/**
 * Moves every `$defs` of the document into `components.schemas` and names each form of a shared schema:
 * a form that reads as an already named one takes its name; otherwise the first free of its candidates
 * (`<name>`, `<name>Input` for a request's looser form, `Admin<name>` or `<name>Money` for the money form).
 */
export function hoistSharedSchemas<D extends Json>(document: D): { document: D; schemas: Record<string, Json> } {
  const found: Record<string, Json> = {};
  const collect = (node: unknown): unknown => {
    if (Array.isArray(node)) return node.map(collect);
    if (node === null || typeof node !== "object") return node;
    const out: Json = {};
    for (const [key, value] of Object.entries(node)) {
      if (key === "$defs") {
        for (const [name, def] of Object.entries(value as Record<string, unknown>))
          found[name] ??= collect(def) as Json;
      } else out[key] = collect(value);
    }
    return out;
  };
  const lifted = collect(document) as D;
  const formOf = (name: string) => {
    const money = name.endsWith(MONEY_FORM);
    const withoutMoney = money ? name.slice(0, -MONEY_FORM.length) : name;
    const input = withoutMoney.endsWith(INPUT_FORM);
    return { base: input ? withoutMoney.slice(0, -INPUT_FORM.length) : withoutMoney, input, money };
  };
  // a request's form compared with its references unmarked (two forms that read the same are one); the
  // money form's references stay marked, so a form that refers to another's money form keeps its own name
  const readsAs = (json: Json) => JSON.stringify(json).replaceAll(INPUT_FORM, "");
  const order = (name: string) => {
    const { input, money } = formOf(name);
    return (input ? 1 : 0) + (money ? 2 : 0);
  };
  const finalName = new Map<string, string>();
  const taken = new Map<string, string>(); // final name → what it reads as
  for (const name of Object.keys(found).sort((a, b) => order(a) - order(b))) {
    const { base, input, money } = formOf(name);
    const text = readsAs(found[name]!);
    const chosen = candidateNames(base, input, money).find((c) => !taken.has(c) || taken.get(c) === text);
    if (!chosen) throw new Error(`No name is free for the schema ${name}`);
    taken.set(chosen, text);
    finalName.set(name, chosen);
  }
  const renamed = (node: unknown): unknown => {
    if (Array.isArray(node)) return node.map(renamed);
    if (node === null || typeof node !== "object") return node;
    const out: Json = {};
    for (const [key, value] of Object.entries(node)) {
      out[key] =
        key === "$ref" && typeof value === "string" && value.startsWith(COMPONENT)
          ? `${COMPONENT}${finalName.get(value.slice(COMPONENT.length)) ?? value.slice(COMPONENT.length)}`
          : renamed(value);
    }
    return out;
  };
  const schemas: Record<string, Json> = {};
  for (const [name, def] of Object.entries(found)) schemas[finalName.get(name)!] ??= renamed(def) as Json;
  return { document: renamed(lifted) as D, schemas };
}
// ---- examples ------------------------------------------------------------------------------------

/** A value for each pattern the contracts use (checked against the pattern before it is used). */
const PATTERN_SAMPLES = [
  "78201",
  "(210) 555-0199",
  "123456",
  "09:00",
  "/media/austin-model.webp",
  "2026-11-28",
  "austin-model",
  "pt_3f9c2a7b1d4e8f6a0b5c9d",
  "buyer@example.com",
  "CH-2026-0042",
  "a3f1".repeat(16),
  "/products",
  "sales-team",
];

const FORMAT_SAMPLES: Record<string, string> = {
  "date-time": "2026-11-28T15:00:00.000Z",
  date: "2026-11-28",
  email: "buyer@example.com",
  uri: "https://example.com/",
  url: "https://example.com/",
  uuid: "3b241101-e2bb-4255-8caf-4136c566a962",
};

/** A string a field of this name plausibly holds, before the schema's own rules are applied. */
function wordFor(name: string): string {
  if (/email/i.test(name)) return "buyer@example.com";
  if (/phone/i.test(name)) return "(210) 555-0199";
  if (/slug/i.test(name)) return "austin-model";
  if (/firstName/i.test(name)) return "Alex";
  if (/lastName/i.test(name)) return "Rivera";
  if (/^(full)?name$|username/i.test(name)) return /full|user/i.test(name) ? "Alex Rivera" : "The Austin";
  if (/title|summary/i.test(name)) return "The Austin, 40 ft";
  if (/address|street/i.test(name)) return "100 Main St";
  if (/city/i.test(name)) return "San Antonio";
  if (/state|region/i.test(name)) return "TX";
  if (/description|body|message|note|text|content/i.test(name)) return "A 40 ft container home with two bedrooms.";
  if (/image|photo/i.test(name)) return "/media/austin-model.webp";
  if (/url|href|link/i.test(name)) return "https://example.com/";
  return "text";
}

const resolve = (schema: Json, schemas: Record<string, Json>): Json => {
  const ref = schema.$ref;
  return typeof ref === "string" && ref.startsWith(COMPONENT) ? (schemas[ref.slice(COMPONENT.length)] ?? {}) : schema;
};

function stringSample(schema: Json, name: string): string | undefined {
  const sources = Array.isArray(schema.patterns) ? schema.patterns : [schema.pattern];
  const patterns = sources.filter((p): p is string => typeof p === "string").map((p) => new RegExp(p, "u"));
  const pattern = patterns.length > 0 ? { test: (value: string) => patterns.every((p) => p.test(value)) } : undefined;
  const format = typeof schema.format === "string" ? FORMAT_SAMPLES[schema.format] : undefined;
  const candidates = [format, wordFor(name), ...(pattern ? PATTERN_SAMPLES : [])].filter(
    (c): c is string => c !== undefined,
  );
  const min = typeof schema.minLength === "number" ? schema.minLength : 0;
  const max = typeof schema.maxLength === "number" ? schema.maxLength : Number.POSITIVE_INFINITY;
  for (const candidate of candidates) {
    const sized = candidate.length < min && !pattern ? candidate.padEnd(min, "x") : candidate;
    if (sized.length >= min && sized.length <= max && (!pattern || pattern.test(sized))) return sized;
  }
  return undefined;
}

function numberSample(schema: Json, integer: boolean): number {
  const min =
    typeof schema.minimum === "number"
      ? schema.minimum
      : typeof schema.exclusiveMinimum === "number"
        ? schema.exclusiveMinimum + (integer ? 1 : 0.01)
        : undefined;
  const max = typeof schema.maximum === "number" ? schema.maximum : undefined;
  let value = 1;
  if (min !== undefined && value < min) value = integer ? Math.ceil(min) : min;
  if (max !== undefined && value > max) value = integer ? Math.floor(max) : max;
  return value;
}

class NoSample extends Error {}

/** A value the schema accepts, made from its examples, defaults, formats and bounds; NoSample if none. */
function sampleOf(schema: Json, schemas: Record<string, Json>, name: string, depth: number): unknown {
  if (depth > 12) throw new NoSample(name);
  const own = resolve(schema, schemas);
  if (Array.isArray(own.examples) && own.examples.length > 0) return own.examples[0];
  if (own.const !== undefined) return own.const;
  if (own.default !== undefined) return own.default;
  if (Array.isArray(own.enum) && own.enum.length > 0) return own.enum[0];
  const branches = (own.anyOf ?? own.oneOf) as Json[] | undefined;
  if (branches) {
    const usable = branches.find((b) => resolve(b, schemas).type !== "null") ?? branches[0]!;
    return sampleOf(usable, schemas, name, depth + 1);
  }
  if (Array.isArray(own.allOf)) {
    const parts = own.allOf.map((part) => resolve(part as Json, schemas));
    if (own.type === undefined && parts.every((part) => part.type === "object" || part.properties)) {
      return Object.assign({}, ...parts.map((part) => sampleOf(part, schemas, name, depth + 1)));
    }
    // a value with every part's rules at once (zod writes two patterns of one string this way)
    const { allOf: _parts, ...base } = own;
    const patterns = [base.pattern, ...parts.map((part) => part.pattern)].filter((p) => typeof p === "string");
    return sampleOf({ ...Object.assign({}, ...parts), ...base, patterns }, schemas, name, depth + 1);
  }
  const type = Array.isArray(own.type) ? own.type.find((t) => t !== "null") : own.type;
  switch (type) {
    case "object": {
      const properties = (own.properties ?? {}) as Record<string, Json>;
      return Object.fromEntries(
        Object.entries(properties).map(([key, value]) => [key, sampleOf(value, schemas, key, depth + 1)]),
      );
    }
    case "array": {
      const count = Math.max(1, typeof own.minItems === "number" ? own.minItems : 0);
      const item = own.items ? sampleOf(own.items as Json, schemas, name, depth + 1) : "text";
      return Array.from({ length: count }, () => item);
    }
    case "string": {
      const value = stringSample(own, name);
      if (value === undefined) throw new NoSample(name);
      return value;
    }
    case "integer":
      return numberSample(own, true);
    case "number":
      return numberSample(own, false);
    case "boolean":
      return true;
    case "null":
      return null;
    default:
      // any value (a transform's result, an open record)
      return own.additionalProperties !== undefined ? {} : null;
  }
}

/** An example of `schema`, or undefined when one cannot be made (a pattern no sample fits). */
export function exampleOf(schema: Json, schemas: Record<string, Json>): unknown {
  try {
    return sampleOf(schema, schemas, "", 0);
  } catch (error) {
    if (error instanceof NoSample) return undefined;
    throw error;
  }
}

/** Puts an example beside every JSON request body, success answer and webhook body that has none. */
export function withExamples<D extends Json>(document: D, schemas: Record<string, Json>): D {
  const media = (content: unknown) => {
    const json = (content as Record<string, Json> | undefined)?.["application/json"];
    if (!json?.schema || json.example !== undefined) return;
    const example = exampleOf(json.schema as Json, schemas);
    if (example !== undefined) json.example = example;
  };
  for (const section of [document.paths, document.webhooks] as Record<string, Record<string, Json>>[]) {
    for (const item of Object.values(section ?? {})) {
      for (const operation of Object.values(item)) {
        if (!operation || typeof operation !== "object" || !("responses" in operation)) continue;
        media((operation.requestBody as Json | undefined)?.content);
        for (const [status, answer] of Object.entries(operation.responses as Record<string, Json>)) {
          if (status.startsWith("2")) media(answer.content);
        }
      }
    }
  }
  return document;
}
