// The money form at the API's edge (contracts/money.ts): an answer's marked fields turned into
// { amount, currency } (a `…Cents` name losing its suffix), and a request's money fields turned back into
// the unit its schema reads. Which fields are money comes from the schema once, as a plan; the services
// and the back office's procedures keep the shapes they have.
import {
  CURRENCY,
  MINOR_UNITS,
  type Money,
  type MoneyUnit,
  moneyFieldName,
  moneyUnitOf,
  usdtMinorUnits,
} from "@ch/contracts/money";
import type { z } from "zod";
import type { Issue } from "./errors";

interface Field {
  /** The field's name in the money form. */
  name: string;
  plan: MoneyPlan;
}

/** Where a schema holds money: a money field itself, or the fields, items and record values that lead to one. */
export interface MoneyPlan {
  unit?: MoneyUnit;
  fields?: Map<string, Field>;
  items?: MoneyPlan;
  values?: MoneyPlan;
}

type Def = {
  type: string;
  innerType?: z.ZodType;
  in?: z.ZodType;
  out?: z.ZodType;
  shape?: Record<string, z.ZodType>;
  element?: z.ZodType;
  valueType?: z.ZodType;
  options?: z.ZodType[];
  left?: z.ZodType;
  right?: z.ZodType;
  getter?: () => z.ZodType;
};
const defOf = (schema: z.ZodType) => (schema as unknown as { _zod: { def: Def } })._zod.def;

function merged(plans: (MoneyPlan | undefined)[]): MoneyPlan | undefined {
  const present = plans.filter((plan): plan is MoneyPlan => plan !== undefined);
  if (present.length <= 1) return present[0];
  const out: MoneyPlan = {};
  for (const plan of present) {
    out.unit ??= plan.unit;
    for (const [key, field] of plan.fields ?? []) {
      out.fields ??= new Map();
      const known = out.fields.get(key);
      out.fields.set(key, known ? { name: known.name, plan: merged([known.plan, field.plan])! } : field);
    }
    out.items = merged([out.items, plan.items]);
    out.values = merged([out.values, plan.values]);
  }
  return out;
}

const known = new WeakMap<z.ZodType, MoneyPlan | null>();

/** The plan of a schema (undefined when it holds no money); made once per schema. */
export function moneyPlanOf(schema: z.ZodType): MoneyPlan | undefined {
  const kept = known.get(schema);
  if (kept !== undefined) return kept ?? undefined;
  known.set(schema, null); // a lazy schema that refers to itself holds no money of its own
  const plan = planOf(schema);
  known.set(schema, plan ?? null);
  return plan;
}

function planOf(schema: z.ZodType): MoneyPlan | undefined {
  const unit = moneyUnitOf(schema);
  if (unit) return { unit };
  const def = defOf(schema);
  switch (def.type) {
    case "optional":
    case "nullable":
    case "default":
    case "prefault":
    case "readonly":
    case "catch":
    case "nonoptional":
      return def.innerType ? moneyPlanOf(def.innerType) : undefined;
    case "pipe":
      return merged([def.in && moneyPlanOf(def.in), def.out && moneyPlanOf(def.out)]);
    case "lazy":
      return def.getter ? moneyPlanOf(def.getter()) : undefined;
    case "union":
      return merged((def.options ?? []).map(moneyPlanOf));
    case "intersection":
      return merged([def.left && moneyPlanOf(def.left), def.right && moneyPlanOf(def.right)]);
    case "array":
      return def.element && withPart("items", moneyPlanOf(def.element));
    case "record":
      return def.valueType && withPart("values", moneyPlanOf(def.valueType));
    case "object": {
      const fields = new Map<string, Field>();
      const shape = def.shape ?? {};
      for (const [key, child] of Object.entries(shape)) {
        const plan = moneyPlanOf(child);
        if (!plan) continue;
        const name = plan.unit ? moneyFieldName(key, plan.unit) : key;
        // a renamed field must not land on another (`priceCents` beside `price`)
        if (name !== key && name in shape)
          throw new Error(`${key} would be named ${name} in the money form, as another field is`);
        fields.set(key, { name, plan });
      }
      return fields.size > 0 ? { fields } : undefined;
    }
    default:
      return undefined;
  }
}

const withPart = (part: "items" | "values", plan: MoneyPlan | undefined): MoneyPlan | undefined =>
  plan ? { [part]: plan } : undefined;

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && Object.getPrototypeOf(value) === Object.prototype;

function asMoney(unit: MoneyUnit, value: unknown): unknown {
  if (unit === "usdt") {
    const amount = typeof value === "string" ? usdtMinorUnits(value) : undefined;
    return amount === undefined ? value : { amount, currency: "USDT" };
  }
  if (typeof value !== "number") return value;
  return { amount: unit === "cents" ? value : Math.round(value * MINOR_UNITS.USD), currency: CURRENCY };
}

/** An answer in the money form (a value the plan does not reach is passed on as it is). */
export function toMoneyForm(plan: MoneyPlan, value: unknown): unknown {
  if (value === null || value === undefined) return value;
  if (plan.unit) return asMoney(plan.unit, value);
  if (Array.isArray(value)) return plan.items ? value.map((item) => toMoneyForm(plan.items!, item)) : value;
  if (!isPlainObject(value) || (!plan.fields && !plan.values)) return value;
  const out: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) {
    const field = plan.fields?.get(key);
    if (field) out[field.name] = toMoneyForm(field.plan, item);
    else out[key] = plan.values ? toMoneyForm(plan.values, item) : item;
  }
  return out;
}

const MONEY_SHAPE = `must be money: { "amount": whole cents, "currency": "${CURRENCY}" }`;

function fromMoney(unit: MoneyUnit, value: unknown, path: (string | number)[], issues: Issue[]): unknown {
  const money = value as Partial<Money> | null;
  const valid =
    isPlainObject(money) &&
    Object.keys(money).every((key) => key === "amount" || key === "currency") &&
    Number.isSafeInteger(money.amount) &&
    money.currency === CURRENCY &&
    unit !== "usdt";
  if (!valid) {
    issues.push({ path, message: MONEY_SHAPE });
    return value;
  }
  return unit === "cents" ? money.amount : money.amount! / MINOR_UNITS.USD;
}

function fromMoneyForm(plan: MoneyPlan, value: unknown, path: (string | number)[], issues: Issue[]): unknown {
  if (plan.unit) return value === null || value === undefined ? value : fromMoney(plan.unit, value, path, issues);
  if (Array.isArray(value))
    return plan.items ? value.map((item, i) => fromMoneyForm(plan.items!, item, [...path, i], issues)) : value;
  if (!isPlainObject(value) || !plan.fields) return value;
  const out: Record<string, unknown> = { ...value };
  for (const [key, field] of plan.fields) {
    if (field.name !== key && key in value) {
      issues.push({ path: [...path, key], message: `is not a field of this API version: send ${field.name} as money` });
    }
    if (!(field.name in value)) continue;
    const read = fromMoneyForm(field.plan, value[field.name], [...path, field.name], issues);
    delete out[field.name];
    out[key] = read;
  }
  return out;
}

/**
 * A request body sent in the money form, in the units its schema reads, and the fields that were not
 * money (named as sent).
 */
export function fromMoneyFormBody(plan: MoneyPlan, body: unknown): { value: unknown; issues: Issue[] } {
  const issues: Issue[] = [];
  const value = fromMoneyForm(plan, body, [], issues);
  return { value, issues };
}

/** A path into the schema's units named as in the money form (for a 400 about a converted field). */
export function moneyFormPath(plan: MoneyPlan | undefined, path: (string | number)[]): (string | number)[] {
  let at = plan;
  return path.map((segment) => {
    if (at === undefined) return segment;
    if (typeof segment === "number") {
      at = at.items;
      return segment;
    }
    const field = at.fields?.get(segment);
    at = field?.plan ?? at.values;
    return field?.name ?? segment;
  });
}
