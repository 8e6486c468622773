// The customer's portal: sign-in by an e-mailed single-use link (15 minutes; a newer link ends the older
// ones), a session in an httpOnly cookie of the storefront's origin (30 days, SameSite=Lax), and the
// projects and proposals under the session's address. A customer sees only their own: any other order
// number is 404, as if it did not exist. Links and sessions are rows (only their SHA-256 kept), so every
// web process reads the same ones.
import { createHash, randomBytes } from "node:crypto";
import { money } from "@ch/contracts/money";
import {
  PORTAL_COOKIE,
  PORTAL_LINK_TTL_MS,
  PORTAL_SESSION_TTL_MS,
  type PortalProjectDto,
  type PortalProjectsDto,
} from "@ch/contracts/portal";
import { rowsOf, schema } from "@ch/db";
import fastifyCookie from "@fastify/cookie";
import { and, desc, eq, gt, isNull, sql } from "drizzle-orm";
import type { FastifyReply, FastifyRequest } from "fastify";
import { isProduction } from "../../env";
import type { Deps } from "../../lib/deps";
import { AppError, badRequest, notFound, unauthorized } from "../../lib/errors";
import { hitRateLimit } from "../../lib/rate-limit";
import { purgeSingleUse } from "../../lib/single-use";
import { listChangeOrders } from "../change-orders";
import { listDocuments } from "../documents";
import { ledger } from "../ledger";
import { objectStoreOf } from "../media";
import { composeEmail, enqueue } from "../notifications";
import { customerReceipt, unreadMessageCounts } from "../orders";
import { settingsIn } from "../settings";
import { documentUrlFor } from "./messages.service";
import { listPhotos } from "./project-photos";
import { claimsOfOrder, warrantyEnd } from "./warranty";

const { orders, orderLines, portalTokens, proposals } = schema;

const sha256 = (value: string) => createHash("sha256").update(value).digest("hex");
const secret = () => randomBytes(32).toString("base64url");
const normalized = (email: string) => email.trim().toLowerCase();

/** At most 3 link e-mails per mailbox an hour, however often it is asked (each address's own count). */
export const PORTAL_LINK_MAIL_RULE = { limit: 3, windowSeconds: 3600 };

export const PORTAL_SIGN_IN_MESSAGE =
  "If this address has a proposal or an order with us, a sign-in link is on its way. It works once, for 15 minutes.";

/** Whether the address has anything to show: an order, or a proposal staff sent. */
async function hasProjects(deps: Deps, email: string): Promise<boolean> {
  const [order] = await deps.db
    .select({ id: orders.id })
    .from(orders)
    .where(sql`lower(${orders.email}) = ${email}`)
    .limit(1);
  if (order) return true;
  const [proposal] = await deps.db
    .select({ id: proposals.id })
    .from(proposals)
    .where(and(sql`lower(${proposals.email}) = ${email}`, sql`${proposals.status} <> 'draft'`))
    .limit(1);
  return proposal !== undefined;
}

/**
 * POST /api/portal/sign-in: e-mails a single-use link to an address that has a proposal or an order, and
 * ends the links sent before it. Answers the same whatever the address (the caller learns nothing); past
 * the mailbox's limit nothing more is sent.
 */
export async function requestPortalLink(deps: Deps, rawEmail: string): Promise<{ ok: true; message: string }> {
  const answer = { ok: true as const, message: PORTAL_SIGN_IN_MESSAGE };
  const email = normalized(rawEmail);
  if (!(await hasProjects(deps, email))) return answer;
  const now = deps.clock.now();
  try {
    await hitRateLimit(deps.db, `portal-link:${sha256(email)}`, PORTAL_LINK_MAIL_RULE, now);
  } catch (error) {
    if (error instanceof AppError && error.status === 429) return answer;
    throw error;
  }
  const token = secret();
  const link = `${deps.env.storefrontOrigin}/portal#token=${token}`;
  const { company } = await settingsIn(deps.db, deps);
  await deps.db.transaction(async (tx) => {
    await tx
      .update(portalTokens)
      .set({ usedAt: now })
      .where(and(eq(portalTokens.email, email), eq(portalTokens.kind, "link"), isNull(portalTokens.usedAt)));
    await tx.insert(portalTokens).values({
      tokenHash: sha256(token),
      kind: "link",
      email,
      expiresAt: new Date(now.getTime() + PORTAL_LINK_TTL_MS),
      createdAt: now,
    });
    await enqueue(tx, deps.env, [
      {
        channel: "email",
        kind: "portal_sign_in_link",
        recipient: email,
        subject: `Your projects with ${company.name}`,
        ...composeEmail(company, [
          "Here is your link to your projects: their proposals, figures, payments and build progress.",
          { href: link, label: "Open my projects", text: "It works once, for 15 minutes:" },
          "If you did not ask for it, you need not do anything: nobody can use it without this mailbox.",
        ]),
        entityType: "portal",
        entityId: null,
      },
    ]);
  });
  return answer;
}

/** A token not spent, replaced or signed out, before its end. */
const live = (tokenHash: string, now: Date) =>
  and(eq(portalTokens.tokenHash, tokenHash), isNull(portalTokens.usedAt), gt(portalTokens.expiresAt, now));

const invalidLink = () =>
  badRequest("This sign-in link is not valid any more: it was used, replaced by a newer one, or has expired.", [
    { path: ["token"], message: "is used, replaced or expired" },
  ]);

export const portalCookieOptions = (deps: Pick<Deps, "env">) => ({
  httpOnly: true,
  sameSite: "lax" as const,
  secure: isProduction(deps.env),
  path: "/",
});

/** POST /api/portal/session: spends a link (once, before it expires) and signs this browser in for 30 days. */
export async function openPortalSession(deps: Deps, token: string, reply: FastifyReply) {
  const now = deps.clock.now();
  const [used] = await deps.db
    .update(portalTokens)
    .set({ usedAt: now })
    .where(and(live(sha256(token), now), eq(portalTokens.kind, "link")))
    .returning({ email: portalTokens.email });
  if (!used) throw invalidLink();
  const id = secret();
  await deps.db.insert(portalTokens).values({
    tokenHash: sha256(id),
    kind: "session",
    email: used.email,
    expiresAt: new Date(now.getTime() + PORTAL_SESSION_TTL_MS),
    createdAt: now,
  });
  reply.header(
    "set-cookie",
    fastifyCookie.serialize(PORTAL_COOKIE, id, { ...portalCookieOptions(deps), maxAge: PORTAL_SESSION_TTL_MS / 1000 }),
  );
  return { ok: true as const, email: used.email };
}

/** The portal's cookie as sent, if any (the storefront registers no cookie parser: this is its one cookie). */
const sentCookie = (req: FastifyRequest): string | undefined =>
  req.headers.cookie ? fastifyCookie.parse(req.headers.cookie)[PORTAL_COOKIE] : undefined;

function cookieOf(req: FastifyRequest): string | undefined {
  const value = sentCookie(req);
  return value && /^[A-Za-z0-9_-]{43}$/.test(value) ? value : undefined;
}

/** The address the request's portal session shows; 401 without a live one. */
export async function portalCustomer(deps: Deps, req: FastifyRequest): Promise<string> {
  const id = cookieOf(req);
  if (id) {
    const now = deps.clock.now();
    const [session] = await deps.db
      .select({ email: portalTokens.email })
      .from(portalTokens)
      .where(and(live(sha256(id), now), eq(portalTokens.kind, "session")))
      .limit(1);
    if (session) return session.email;
  }
  throw unauthorized("Not signed in to the portal: ask for a sign-in link with your e-mail address");
}

/** POST /api/portal/sign-out: ends this browser's session (whether or not it was still live). */
export async function endPortalSession(deps: Deps, req: FastifyRequest, reply: FastifyReply) {
  const id = cookieOf(req);
  if (id) {
    await deps.db
      .update(portalTokens)
      .set({ usedAt: deps.clock.now() })
      .where(and(eq(portalTokens.tokenHash, sha256(id)), eq(portalTokens.kind, "session")));
  }
  // a browser that sent none is told nothing: the storefront sets no cookie it was not asked for
  if (sentCookie(req) !== undefined) {
    reply.header("set-cookie", fastifyCookie.serialize(PORTAL_COOKIE, "", { ...portalCookieOptions(deps), maxAge: 0 }));
  }
  return { ok: true as const };
}

type OrderRow = typeof orders.$inferSelect;

async function summaryOf(deps: Deps, order: OrderRow) {
  const money_ = await ledger(deps.db, order.id);
  const unread = await unreadMessageCounts(deps.db, [order.id], "customer");
  const lines = await deps.db
    .select({ name: orderLines.productName, quantity: orderLines.quantity })
    .from(orderLines)
    .where(eq(orderLines.orderId, order.id));
  return {
    orderNumber: order.orderNumber,
    unreadMessages: unread.get(order.id) ?? 0,
    stage: order.stage,
    productName: lines.map((l) => (l.quantity > 1 ? `${l.name} ×${l.quantity}` : l.name)).join(", "),
    total: money(order.totalCents),
    paid: money(money_.recordedCents),
    // what the invoices still ask (an order without invoices owes its total)
    outstanding: money(
      Math.max(0, (money_.invoiceRows.length > 0 ? money_.dueCents : order.totalCents) - money_.recordedCents),
    ),
    createdAt: order.createdAt.toISOString(),
  };
}

interface ProposalRow {
  id: number;
  token: string;
  status: string;
  version: number;
  total_cents: string | number;
  valid_until: string | Date;
  order_number: string | null;
}

/** The proposals sent to the address (each at the latest version staff sent), optionally of one order. */
async function proposalsOf(deps: Deps, email: string, orderId?: number) {
  const rows = rowsOf<ProposalRow>(
    await deps.db.execute(sql`
      select distinct on (p.id) p.id, p.token, p.status, v.version, v.total_cents, v.valid_until, o.order_number
      from proposals p
      join proposal_versions v on v.proposal_id = p.id and v.sent_at is not null
      left join orders o on o.id = p.order_id
      where lower(p.email) = ${email} ${orderId === undefined ? sql`` : sql`and p.order_id = ${orderId}`}
      order by p.id desc, v.version desc`),
  );
  return rows.map((r) => ({
    id: Number(r.id),
    status: r.status,
    version: Number(r.version),
    total: money(Number(r.total_cents)),
    validUntil:
      typeof r.valid_until === "string" ? r.valid_until.slice(0, 10) : r.valid_until.toISOString().slice(0, 10),
    orderNumber: r.order_number,
    link: `${deps.env.storefrontOrigin}/proposal/${r.token}`,
  }));
}

/** GET /api/portal/projects: the address's orders, newest first, and the proposals sent to it. */
export async function listPortalProjects(deps: Deps, email: string): Promise<PortalProjectsDto> {
  const rows = await deps.db
    .select()
    .from(orders)
    .where(sql`lower(${orders.email}) = ${email}`)
    .orderBy(desc(orders.createdAt), desc(orders.id));
  const projects = [];
  for (const order of rows) projects.push(await summaryOf(deps, order));
  return { email, projects, proposals: await proposalsOf(deps, email) };
}

/** GET /api/portal/projects/{orderNumber}: one of the address's orders (404 for any other). */
/** One of the address's orders (404 for any other, the same as for one that does not exist). */
export async function customerProject(deps: Pick<Deps, "db">, email: string, orderNumber: string): Promise<OrderRow> {
  const [order] = await deps.db
    .select()
    .from(orders)
    .where(and(eq(orders.orderNumber, orderNumber), sql`lower(${orders.email}) = ${email}`))
    .limit(1);
  if (!order) throw notFound("No project with this order number under your address");
  return order;
}

export async function getPortalProject(deps: Deps, email: string, orderNumber: string): Promise<PortalProjectDto> {
  const order = await customerProject(deps, email, orderNumber);
  const receipt = await customerReceipt(deps, order);
  return {
    ...(await summaryOf(deps, order)),
    receipt,
    proposals: await proposalsOf(deps, email, order.id),
    documents: await listDocuments(deps.db, objectStoreOf(deps.env), order.id, documentUrlFor(order, "customer")),
    photos: await listPhotos(deps.db, order.id),
    warrantyClaims: await claimsOfOrder(deps.db, objectStoreOf(deps.env), order, "customer"),
    changeOrders: await listChangeOrders(deps.db, order),
    warrantyEndsAt:
      (await warrantyEnd(deps.db, order, (await settingsIn(deps.db, deps)).warranty))?.toISOString() ?? null,
  };
}

/** Housekeeping: deletes the portal's links and sessions past their end, and those spent a day ago. */
export function purgePortalTokens(deps: Pick<Deps, "db" | "clock">): Promise<number> {
  return purgeSingleUse(deps.db, portalTokens, deps.clock.now());
}
