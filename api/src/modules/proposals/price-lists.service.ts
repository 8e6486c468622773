// The staff-managed price lists a proposal is priced from: options, delivery bands and tax rates.

import type { TaxClass } from "@ch/contracts/pricing";
import type { deliveryBandInput, proposalOptionInput, taxRateInput } from "@ch/contracts/proposals";
import { type Executor, schema } from "@ch/db";
import { and, asc, eq } from "drizzle-orm";
import type { z } from "zod";
import type { Deps } from "../../lib/deps";
import { notFound } from "../../lib/errors";
import { announceCatalogChange } from "../../lib/read-cache";
import { type Actor, auditedChange, recordAudit } from "../audit";

const { proposalOptions, deliveryBands, taxRates, products } = schema;

/**
 * What a proposal is priced from: the catalog's published products (a product line; sales may not read
 * the catalog itself), the options, the delivery bands and the tax rates.
 */
export async function listPriceLists(db: Executor) {
  const [catalog, options, bands, rates] = await Promise.all([
    db
      .select({ id: products.id, name: products.name, priceCents: products.priceCents })
      .from(products)
      .where(eq(products.published, true))
      .orderBy(asc(products.name), asc(products.id)),
    db.select().from(proposalOptions).orderBy(asc(proposalOptions.sortOrder), asc(proposalOptions.id)),
    db.select().from(deliveryBands).orderBy(asc(deliveryBands.sortOrder), asc(deliveryBands.id)),
    db
      .select({ state: taxRates.state, taxClass: taxRates.taxClass, rateBasisPoints: taxRates.rateBasisPoints })
      .from(taxRates)
      .orderBy(asc(taxRates.state), asc(taxRates.taxClass)),
  ]);
  return {
    products: catalog,
    options: options.map((o) => ({ ...o, createdAt: o.createdAt.toISOString() })),
    bands,
    taxRates: rates,
  };
}

/** The option and delivery-band lists: what the audit log and a 404 call them. */
const PRICE_LISTS = {
  proposal_option: { action: "proposal-option", label: "Option" },
  delivery_band: { action: "delivery-band", label: "Delivery band" },
} as const;
type PriceList = keyof typeof PRICE_LISTS;

/** The one row a write touched, or 404 naming the list's row. */
function existingRow<R>(list: PriceList, rows: R[]): R {
  const [row] = rows;
  if (!row) throw notFound(`${PRICE_LISTS[list].label} not found`);
  return row;
}

/**
 * Creates a row of a price list (id null) or updates one (404 when it does not exist), with its audit
 * line, in one transaction. `write` runs the insert or update and returns the rows it touched.
 */
function savePriceListRow<R extends { id: number }>(
  deps: Deps,
  actor: Actor,
  list: PriceList,
  id: number | null,
  input: Record<string, unknown>,
  write: (tx: Executor) => Promise<R[]>,
): Promise<R> {
  return auditedChange(
    deps.db,
    actor,
    async (tx) => {
      const row = existingRow(list, await write(tx));
      // the order and quote paths keep the rates and bands in the read cache
      await announceCatalogChange(tx);
      return row;
    },
    (row) => [`${PRICE_LISTS[list].action}.${id ? "update" : "create"}`, list, row.id, input],
  );
}

/**
 * Deletes a row of a price list (404 when it does not exist). Proposals keep what they were priced with:
 * a version stores its lines, delivery label and figures, so nothing already priced changes.
 */
function deletePriceListRow(
  deps: Deps,
  actor: Actor,
  list: PriceList,
  id: number,
  remove: (tx: Executor) => Promise<unknown[]>,
) {
  return auditedChange(
    deps.db,
    actor,
    async (tx) => {
      existingRow(list, await remove(tx));
      await announceCatalogChange(tx);
      return { ok: true as const };
    },
    [`${PRICE_LISTS[list].action}.delete`, list, id],
  );
}

export async function saveOption(
  deps: Deps,
  actor: Actor,
  id: number | null,
  input: z.output<typeof proposalOptionInput>,
) {
  const row = await savePriceListRow(deps, actor, "proposal_option", id, input, (tx) =>
    id
      ? tx.update(proposalOptions).set(input).where(eq(proposalOptions.id, id)).returning()
      : tx.insert(proposalOptions).values(input).returning(),
  );
  return { ...row, createdAt: row.createdAt.toISOString() };
}

export function deleteOption(deps: Deps, actor: Actor, id: number) {
  return deletePriceListRow(deps, actor, "proposal_option", id, (tx) =>
    tx.delete(proposalOptions).where(eq(proposalOptions.id, id)).returning({ id: proposalOptions.id }),
  );
}

export function saveDeliveryBand(
  deps: Deps,
  actor: Actor,
  id: number | null,
  input: z.output<typeof deliveryBandInput>,
) {
  return savePriceListRow(deps, actor, "delivery_band", id, input, (tx) =>
    id
      ? tx.update(deliveryBands).set(input).where(eq(deliveryBands.id, id)).returning()
      : tx.insert(deliveryBands).values(input).returning(),
  );
}

export function deleteDeliveryBand(deps: Deps, actor: Actor, id: number) {
  return deletePriceListRow(deps, actor, "delivery_band", id, (tx) =>
    tx.delete(deliveryBands).where(eq(deliveryBands.id, id)).returning({ id: deliveryBands.id }),
  );
}

/** One rate of the tax table, by state and class (an edit or a new row), audited with the rate it replaced. */
export async function saveTaxRate(deps: Deps, actor: Actor, input: z.output<typeof taxRateInput>) {
  return deps.db.transaction(async (tx) => {
    const now = deps.clock.now();
    const [before] = await tx
      .select({ rateBasisPoints: taxRates.rateBasisPoints })
      .from(taxRates)
      .where(and(eq(taxRates.state, input.state), eq(taxRates.taxClass, input.taxClass)))
      .for("update");
    await tx
      .insert(taxRates)
      .values({ ...input, updatedAt: now })
      .onConflictDoUpdate({
        target: [taxRates.state, taxRates.taxClass],
        set: { rateBasisPoints: input.rateBasisPoints, updatedAt: now },
      });
    await announceCatalogChange(tx);
    await recordAudit(tx, actor, "tax-rate.save", "tax_rate", `${input.state}:${input.taxClass}`, {
      ...input,
      previousRateBasisPoints: before?.rateBasisPoints ?? null,
    });
    return input;
  });
}

export async function deleteTaxRate(deps: Deps, actor: Actor, state: string, taxClass: TaxClass = "general") {
  return deps.db.transaction(async (tx) => {
    const [row] = await tx
      .delete(taxRates)
      .where(and(eq(taxRates.state, state), eq(taxRates.taxClass, taxClass)))
      .returning({ rateBasisPoints: taxRates.rateBasisPoints });
    if (!row) throw notFound("No rate for that state and tax class");
    await announceCatalogChange(tx);
    await recordAudit(tx, actor, "tax-rate.delete", "tax_rate", `${state}:${taxClass}`, {
      state,
      taxClass,
      previousRateBasisPoints: row.rateBasisPoints,
    });
    return { ok: true };
  });
}
