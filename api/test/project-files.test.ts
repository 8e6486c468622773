// A project's files (issue 26 items 3, 7 and 8): the contract PDF filed at acceptance (parsed: its text and
// its hash), a byte changed in storage shown, staff documents with their type checked, message attachments,
// and two customers who never reach each other's files. PGlite, and PostgreSQL with DATABASE_URL.
import { createHash } from "node:crypto";
import { schema } from "@ch/db";
import { and, eq, sql } from "drizzle-orm";
import { extractText, getDocumentProxy } from "unpdf";
import { beforeAll, describe, expect, it } from "vitest";
import { objectStoreOf } from "../src/modules/media";
import { firstProductOnSale, type TestApps, useSignedInApps } from "./harness";
import { placeOrderOf } from "./order-fixtures";
import { portalGet, portalPost, portalSignIn } from "./portal-session";
import { acceptedProposal } from "./project-fixtures";
import { staffRequest } from "./staff-requests";

let apps: TestApps;
let cookie: string;

useSignedInApps({ env: { SMTP_URL: "smtp://127.0.0.1:9" }, timeoutMs: 120_000 }, (signedIn) => {
  ({ apps, cookie } = signedIn);
});

const ELLA = { customerName: "Ella Moss", email: "ella.files@example.com", phone: "(512) 555-0100" };
const FINN = "finn.files@example.com";
const PDF = Buffer.from("%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n");
const PNG = Buffer.from("89504e470d0a1a0a0000000d4948445200000001000000010806000000", "hex");

const db = () => apps.db.handle.db;
const sha256 = (bytes: Buffer) => createHash("sha256").update(bytes).digest("hex");
const upload = (url: string, type: string, bytes: Buffer, headers: Record<string, string> = {}) =>
  apps.backoffice.inject({
    method: "POST",
    url,
    payload: bytes,
    headers: { "content-type": type, cookie, ...headers },
  });

let ella: { session: string; orderNumber: string; orderId: number };
let finn: { session: string; orderNumber: string; orderId: number };

const orderIdOf = async (orderNumber: string) =>
  (await db().select().from(schema.orders).where(eq(schema.orders.orderNumber, orderNumber)))[0]!.id;

beforeAll(async () => {
  const ellaOrder = await acceptedProposal(apps, cookie, ELLA);
  const finnOrder = (await placeOrderOf(apps, await firstProductOnSale(apps), { email: FINN })).receipt.orderNumber;
  ella = { session: await portalSignIn(apps, ELLA.email), orderNumber: ellaOrder, orderId: await orderIdOf(ellaOrder) };
  finn = { session: await portalSignIn(apps, FINN), orderNumber: finnOrder, orderId: await orderIdOf(finnOrder) };
}, 120_000);

const project = async (who: typeof ella) => {
  const res = await portalGet(apps, `/api/portal/projects/${who.orderNumber}`, who.session);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};

describe("the contract filed at acceptance", () => {
  it("is a PDF of the accepted version with a signature page; its SHA-256 is listed and matches the download", async () => {
    const { documents } = await project(ella);
    expect(documents).toHaveLength(1);
    const [contract] = documents;
    expect(contract).toMatchObject({
      kind: "contract",
      contentType: "application/pdf",
      intact: true,
      storedBy: "system",
    });
    const file = await portalGet(apps, contract.url, ella.session);
    expect(file.statusCode).toBe(200);
    expect(file.headers["content-type"]).toBe("application/pdf");
    expect(file.headers["x-document-intact"]).toBe("true");
    expect(sha256(file.rawPayload)).toBe(contract.sha256);

    const pdf = await getDocumentProxy(new Uint8Array(file.rawPayload));
    const { totalPages, text } = await extractText(pdf, { mergePages: false });
    expect(totalPages).toBeGreaterThanOrEqual(2);
    const [terms, signature] = [text.slice(0, -1).join("\n"), text.at(-1)!];
    expect(terms).toContain(`Contract for order ${ella.orderNumber}`);
    expect(terms).toContain("40ft family home, two bedrooms");
    expect(terms).toContain("$60,000.00");
    expect(terms).toContain("Payment schedule");
    expect(terms).toContain("Built to the plans of version 1.");
    expect(terms).toMatch(/Cancellation: /);
    expect(terms).toMatch(/Warranty: /);
    expect(signature).toContain("Ella Moss");
    expect(signature).toContain(ELLA.email);
    expect(signature).toContain("Mozilla/5.0 (contract test)");
    expect(signature).toMatch(/verified: a 6-digit code e-mailed/);
    expect(signature).toMatch(/I consent to sign electronically/);
  });

  it("is e-mailed as an attachment to the customer and to the business", async () => {
    const mails = await db()
      .select()
      .from(schema.notifications)
      .where(sql`${schema.notifications.kind} in ('contract_signed', 'contract_signed_copy')`);
    const [contract] = (await project(ella)).documents;
    expect(mails).toHaveLength(2);
    expect(mails.map((m) => m.recipient)).toContain(ELLA.email);
    for (const mail of mails) expect(mail.payload).toMatchObject({ attachments: [contract.id] });
  });

  it("shows a byte changed in storage: the listing and the download say the file is not intact", async () => {
    const [contract] = (await project(ella)).documents;
    const [row] = await db().select().from(schema.projectDocuments).where(eq(schema.projectDocuments.id, contract.id));
    // the bytes are an object of the media storage (the local folder, or the bucket on the S3 pass)
    const store = objectStoreOf(apps.env);
    const stored = (await store.get(row!.objectKey!))!;
    const bytes = Buffer.from(stored);
    bytes.writeUInt8(bytes.readUInt8(bytes.length - 10) ^ 0x01, bytes.length - 10);
    await store.put(row!.objectKey!, bytes, "application/pdf");
    const [after] = (await project(ella)).documents;
    expect(after).toMatchObject({ id: contract.id, sha256: contract.sha256, intact: false });
    const staffView = await staffRequest(apps, cookie, "GET", `/api/admin/orders/${ella.orderId}/documents`);
    expect(staffView.json().documents[0]).toMatchObject({ intact: false });
    expect((await portalGet(apps, contract.url, ella.session)).headers["x-document-intact"]).toBe("false");
    await store.put(row!.objectKey!, stored, "application/pdf");
    expect((await project(ella)).documents[0]).toMatchObject({ intact: true });
  });
});

describe("documents staff upload", () => {
  it("stores a PDF for the customer to download, audited and announced", async () => {
    const res = await upload(
      `/api/admin/orders/${ella.orderId}/documents?kind=permit&title=${encodeURIComponent("Building permit")}`,
      "application/pdf",
      PDF,
    );
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({
      kind: "permit",
      fileName: "building-permit.pdf",
      bytes: PDF.length,
      intact: true,
    });
    const { documents } = await project(ella);
    const permit = documents.find((d: { kind: string }) => d.kind === "permit");
    expect(permit.url).toBe(`/api/portal/projects/${ella.orderNumber}/documents/${permit.id}`);
    const file = await portalGet(apps, permit.url, ella.session);
    expect(file.rawPayload.equals(PDF)).toBe(true);
    expect(file.headers["content-disposition"]).toBe('attachment; filename="building-permit.pdf"');
    const [audit] = await db()
      .select()
      .from(schema.auditLog)
      .where(and(eq(schema.auditLog.action, "order.file_upload"), eq(schema.auditLog.entityId, String(ella.orderId))));
    expect(audit).toBeDefined();
    const [event] = await db()
      .select()
      .from(schema.webhookEvents)
      .where(eq(schema.webhookEvents.type, "order.document_added"));
    expect(event!.data).toMatchObject({ orderNumber: ella.orderNumber, kind: "permit", title: "Building permit" });
  });

  it("refuses bytes of another type (415), another body (415), a missing title (400), too large (413)", async () => {
    const base = `/api/admin/orders/${ella.orderId}/documents`;
    const before = await db().select({ id: schema.projectDocuments.id }).from(schema.projectDocuments);
    const lying = await upload(`${base}?kind=plan&title=Plan`, "application/pdf", PNG);
    expect(lying.statusCode).toBe(415);
    expect(lying.json().message).toMatch(/a PNG, not the application\/pdf/);
    expect((await upload(`${base}?kind=plan&title=Plan`, "application/json", Buffer.from("{}"))).statusCode).toBe(415);
    const noTitle = await upload(`${base}?kind=plan`, "application/pdf", PDF);
    expect(noTitle.statusCode).toBe(400);
    expect(noTitle.json().issues[0].path).toEqual(["title"]);
    const badKind = await upload(`${base}?kind=contract&title=Fake`, "application/pdf", PDF);
    expect(badKind.statusCode).toBe(400);
    const huge = Buffer.concat([PDF, Buffer.alloc(10 * 1024 * 1024)]);
    expect((await upload(`${base}?kind=plan&title=Plan`, "application/pdf", huge)).statusCode).toBe(413);
    expect(
      (await upload(`/api/admin/orders/999999/documents?kind=plan&title=Plan`, "application/pdf", PDF)).statusCode,
    ).toBe(404);
    const anonymous = await apps.backoffice.inject({
      method: "POST",
      url: `${base}?kind=plan&title=Plan`,
      payload: PDF,
      headers: { "content-type": "application/pdf" },
    });
    expect(anonymous.statusCode).toBe(401);
    expect(await db().select({ id: schema.projectDocuments.id }).from(schema.projectDocuments)).toHaveLength(
      before.length,
    );
  });
});

describe("two customers", () => {
  it("never reach each other's project or files (404), and need a session (401)", async () => {
    const [contract] = (await project(ella)).documents;
    expect((await portalGet(apps, `/api/portal/projects/${ella.orderNumber}`, finn.session)).statusCode).toBe(404);
    expect((await portalGet(apps, contract.url, finn.session)).statusCode).toBe(404);
    const viaOwn = `/api/portal/projects/${finn.orderNumber}/documents/${contract.id}`;
    expect((await portalGet(apps, viaOwn, finn.session)).statusCode).toBe(404);
    expect((await portalGet(apps, contract.url)).statusCode).toBe(401);
    expect((await project(finn)).documents).toEqual([]);
  });
});

describe("message attachments", () => {
  const attach = (who: typeof ella, bytes: Buffer, type: string, name: string) =>
    apps.storefront.inject({
      method: "POST",
      url: `/api/portal/projects/${who.orderNumber}/attachments?name=${encodeURIComponent(name)}`,
      payload: bytes,
      headers: { "content-type": type, cookie: `ch_portal=${who.session}`, origin: "http://localhost:3000" },
    });

  it("go with a message each way; each side downloads them at its own path", async () => {
    const photo = await attach(ella, PNG, "image/png", "Crack in the slab.png");
    expect(photo.statusCode, photo.body).toBe(201);
    expect(photo.json()).toMatchObject({ kind: "attachment", fileName: "crack-in-the-slab.png" });
    const sent = await portalPost(
      apps,
      `/api/portal/projects/${ella.orderNumber}/messages`,
      { body: "See the photo, please.", attachments: [photo.json().id] },
      { cookie: `ch_portal=${ella.session}` },
    );
    expect(sent.statusCode, sent.body).toBe(201);
    expect(sent.json().attachments).toEqual([expect.objectContaining({ id: photo.json().id })]);
    const unread = async () =>
      (await staffRequest(apps, cookie, "GET", `/api/admin/orders?q=${ella.orderNumber}`)).json()[0].unreadMessages;
    expect(await unread()).toBe(1);
    const thread = await staffRequest(apps, cookie, "GET", `/api/admin/orders/${ella.orderId}/messages`);
    const [file] = thread.json().messages.at(-1).attachments;
    expect(await unread()).toBe(0);
    expect(file.url).toBe(`/api/admin/orders/${ella.orderId}/documents/${file.id}`);
    const download = await apps.backoffice.inject({ method: "GET", url: file.url, headers: { cookie } });
    expect(download.rawPayload.equals(PNG)).toBe(true);
    // attachments are listed with their message, not among the documents
    expect((await project(ella)).documents.some((d: { kind: string }) => d.kind === "attachment")).toBe(false);

    // a photo alone may say enough; nothing at all is refused, naming body
    const empty = await portalPost(
      apps,
      `/api/portal/projects/${ella.orderNumber}/messages`,
      { body: "  " },
      { cookie: `ch_portal=${ella.session}` },
    );
    expect(empty.statusCode).toBe(400);
    expect(empty.json().issues[0].path).toEqual(["body"]);
    const second = await attach(ella, PNG, "image/png", "Another angle.png");
    const photoOnly = await portalPost(
      apps,
      `/api/portal/projects/${ella.orderNumber}/messages`,
      { attachments: [second.json().id] },
      { cookie: `ch_portal=${ella.session}` },
    );
    expect(photoOnly.statusCode, photoOnly.body).toBe(201);

    const staffFile = await upload(
      `/api/admin/orders/${ella.orderId}/attachments?name=Revised%20plan.pdf`,
      "application/pdf",
      PDF,
    );
    expect(staffFile.statusCode, staffFile.body).toBe(201);
    const answer = await staffRequest(apps, cookie, "POST", `/api/admin/orders/${ella.orderId}/messages`, {
      body: "Here is the revised plan.",
      attachments: [staffFile.json().id],
    });
    expect(answer.statusCode, answer.body).toBe(201);
    const portalThread = await portalGet(apps, `/api/portal/projects/${ella.orderNumber}/messages`, ella.session);
    const [planFile] = portalThread.json().messages.at(-1).attachments;
    expect(planFile.url).toBe(`/api/portal/projects/${ella.orderNumber}/documents/${planFile.id}`);
    const announced = await db()
      .select()
      .from(schema.webhookEvents)
      .where(eq(schema.webhookEvents.type, "order.message"));
    expect(announced.map((e) => e.data)).toEqual([
      expect.objectContaining({ orderNumber: ella.orderNumber, author: "customer", attachments: 1 }),
      expect.objectContaining({ orderNumber: ella.orderNumber, author: "customer", attachments: 1 }),
      expect.objectContaining({ orderNumber: ella.orderNumber, author: "staff", attachments: 1 }),
    ]);
  });

  it("refuses a file already sent, another project's file and a document that is no attachment (400)", async () => {
    const finnFile = await attach(finn, PDF, "application/pdf", "Mine.pdf");
    expect(finnFile.statusCode).toBe(201);
    const [used] = (
      await db().select().from(schema.orderMessages).where(eq(schema.orderMessages.orderId, ella.orderId))
    )
      .map((m) => m.attachments)
      .filter((a) => a.length > 0)[0]!;
    const [contract] = (await project(ella)).documents;
    for (const attachments of [[used], [finnFile.json().id], [contract.id]]) {
      const res = await portalPost(
        apps,
        `/api/portal/projects/${ella.orderNumber}/messages`,
        { body: "Again", attachments },
        { cookie: `ch_portal=${ella.session}` },
      );
      expect(res.statusCode, JSON.stringify(attachments)).toBe(400);
      expect(res.json().issues[0].path).toEqual(["attachments"]);
    }
    expect((await attach(ella, PDF, "image/png", "x.png")).statusCode).toBe(415);
    // a file not sent may be taken back (its owner's side only); a sent one stays
    const unsent = (await attach(ella, PDF, "application/pdf", "Wrong file.pdf")).json().id;
    const discard = (who: typeof ella, id: number) =>
      apps.storefront.inject({
        method: "DELETE",
        url: `/api/portal/projects/${who.orderNumber}/attachments/${id}`,
        headers: { cookie: `ch_portal=${who.session}`, origin: "http://localhost:3000" },
      });
    expect((await discard({ ...ella, session: finn.session }, unsent)).statusCode).toBe(404);
    expect((await discard(ella, used!)).statusCode).toBe(409);
    expect((await discard(ella, unsent)).statusCode).toBe(200);
    expect((await discard(ella, unsent)).statusCode).toBe(404);
    const staffUnsent = (
      await upload(`/api/admin/orders/${ella.orderId}/attachments?name=Draft.pdf`, "application/pdf", PDF)
    ).json().id;
    const staffDiscard = await apps.backoffice.inject({
      method: "DELETE",
      url: `/api/admin/orders/${ella.orderId}/attachments/${staffUnsent}`,
      headers: { cookie },
    });
    expect(staffDiscard.statusCode, staffDiscard.body).toBe(200);

    // no portal session: refused before the body is read, however large
    const anonymous = await apps.storefront.inject({
      method: "POST",
      url: `/api/portal/projects/${ella.orderNumber}/attachments?name=x.pdf`,
      payload: Buffer.concat([PDF, Buffer.alloc(9 * 1024 * 1024)]),
      headers: { "content-type": "application/pdf", origin: "http://localhost:3000" },
    });
    expect(anonymous.statusCode).toBe(401);
    expect(
      (
        await attach(finn, PDF, "application/pdf", "x.pdf").then(() =>
          attach({ ...ella, session: finn.session }, PDF, "application/pdf", "x.pdf"),
        )
      ).statusCode,
    ).toBe(404);
  });
});

describe("progress photos", () => {
  const post = (query: string, type: string, bytes: Buffer) =>
    upload(`/api/admin/orders/${ella.orderId}/photos?${query}`, type, bytes);

  it("go through the image pipeline onto a stage; the customer is e-mailed and sees them in the project", async () => {
    const sharp = (await import("sharp")).default;
    const jpeg = await sharp({ create: { width: 2400, height: 1600, channels: 3, background: "#b45309" } })
      .jpeg()
      .toBuffer();
    const res = await post(`stage=in_production&caption=${encodeURIComponent("Walls framed")}`, "image/jpeg", jpeg);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ stage: "in_production", caption: "Walls framed", width: 1600, height: 1067 });
    const { url } = res.json();
    expect(url).toMatch(/^\/media\/[\w-]+\.webp$/);
    const avif = await apps.storefront.inject({ method: "GET", url: url.replace(/\.webp$/, ".800w.avif") });
    expect(avif.statusCode).toBe(200);
    expect(avif.headers["content-type"]).toBe("image/avif");
    expect((await project(ella)).photos).toEqual([expect.objectContaining({ id: res.json().id, url })]);
    const [mail] = await db().select().from(schema.notifications).where(eq(schema.notifications.kind, "order-photo"));
    expect(mail).toMatchObject({ recipient: ELLA.email, subject: "A new photo of your home: In production" });
    expect(mail!.bodyText).toContain(`/portal/${ella.orderNumber}`);
    const [event] = await db()
      .select()
      .from(schema.webhookEvents)
      .where(eq(schema.webhookEvents.type, "order.photo_added"));
    expect(event!.data).toMatchObject({ orderNumber: ella.orderNumber, stage: "in_production", url });
  });

  it("refuses a PDF (400 as an image, 415 as a PDF), an unknown stage or no caption (400), and stores nothing", async () => {
    const before = (await project(ella)).photos.length;
    const notImage = await post("stage=in_production&caption=x", "image/png", PDF);
    expect(notImage.statusCode).toBe(400);
    expect(notImage.json().message).toMatch(/not a readable JPEG, PNG or WebP image/);
    expect((await post("stage=in_production&caption=x", "application/pdf", PDF)).statusCode).toBe(415);
    const stage = await post("stage=painting&caption=x", "image/png", PNG);
    expect(stage.statusCode).toBe(400);
    expect(stage.json().issues[0].path).toEqual(["stage"]);
    expect((await post("stage=in_production", "image/png", PNG)).statusCode).toBe(400);
    expect((await project(ella)).photos).toHaveLength(before);
    expect((await project(finn)).photos).toEqual([]);
  });
});

describe("warranty claims", () => {
  const claim = (who: typeof ella, orderNumber: string, body: unknown) =>
    portalPost(apps, `/api/portal/projects/${orderNumber}/warranty-claims`, body, {
      cookie: `ch_portal=${who.session}`,
    });
  const photoOf = async (who: typeof ella, bytes: Buffer, type: string) =>
    (
      await apps.storefront.inject({
        method: "POST",
        url: `/api/portal/projects/${who.orderNumber}/attachments?name=leak.png`,
        payload: bytes,
        headers: { "content-type": type, cookie: `ch_portal=${who.session}`, origin: "http://localhost:3000" },
      })
    ).json().id as number;

  it("are refused before completion (409) and for another customer's project (404)", async () => {
    const early = await claim(ella, ella.orderNumber, { description: "The door sticks when it rains." });
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toMatch(/once your home is completed/);
    expect((await project(ella)).warrantyEndsAt).toBeNull();
    expect((await claim(ella, finn.orderNumber, { description: "The door sticks when it rains." })).statusCode).toBe(
      404,
    );
    expect(await db().select().from(schema.warrantyClaims)).toEqual([]);
  });

  it("open after completion with photos; staff work them in the inbox and the customer hears of each change", async () => {
    // the stages on the way to completion are the stage tests' (stages.test.ts) and the e2e journey's
    await db().update(schema.orders).set({ stage: "completed" }).where(eq(schema.orders.id, finn.orderId));
    const short = await claim(finn, finn.orderNumber, { description: "Leak" });
    expect(short.statusCode).toBe(400);
    expect(short.json().issues[0].path).toEqual(["description"]);
    const pdf = await photoOf(finn, PDF, "application/pdf");
    const notImage = await claim(finn, finn.orderNumber, { description: "A leak under the sink.", photos: [pdf] });
    expect(notImage.statusCode).toBe(400);
    expect(notImage.json().issues[0].path).toEqual(["photos"]);

    const photo = await photoOf(finn, PNG, "image/png");
    const opened = await claim(finn, finn.orderNumber, {
      description: "A leak under the kitchen sink.",
      photos: [photo],
    });
    expect(opened.statusCode, opened.body).toBe(201);
    expect(opened.json()).toMatchObject({ status: "open", orderNumber: finn.orderNumber, photos: [{ id: photo }] });
    const { warrantyClaims, warrantyEndsAt } = await project(finn);
    expect(warrantyClaims).toHaveLength(1);
    expect(new Date(warrantyEndsAt).getTime()).toBeGreaterThan(Date.now());

    const inbox = await staffRequest(apps, cookie, "GET", "/api/admin/warranty-claims?status=open");
    expect(inbox.json().claims).toEqual([
      expect.objectContaining({ id: opened.json().id, customerName: expect.any(String) }),
    ]);
    const moved = await staffRequest(apps, cookie, "PATCH", `/api/admin/warranty-claims/${opened.json().id}`, {
      status: "in_progress",
      note: "A plumber comes on Tuesday.",
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect((await project(finn)).warrantyClaims[0]).toMatchObject({
      status: "in_progress",
      staffNote: "A plumber comes on Tuesday.",
    });
    const mails = await db()
      .select()
      .from(schema.notifications)
      .where(eq(schema.notifications.kind, "warranty-claim-customer"))
      .orderBy(schema.notifications.id);
    expect(mails.map((m) => m.subject)).toEqual([
      `Your warranty claim #${opened.json().id}: Received`,
      `Your warranty claim #${opened.json().id}: Being worked on`,
    ]);
    expect(mails[1]!.bodyText).toContain("A plumber comes on Tuesday.");
    const types = (await db().select().from(schema.webhookEvents)).map((e) => e.type);
    expect(types).toEqual(expect.arrayContaining(["warranty_claim.opened", "warranty_claim.updated"]));
    // the inbox pages by cursor: the next page's URL in the Link header, the status filter kept
    const second = await claim(finn, finn.orderNumber, { description: "The front door sticks in the frame." });
    expect(second.statusCode, second.body).toBe(201);
    const firstPage = await staffRequest(apps, cookie, "GET", "/api/admin/warranty-claims?limit=1");
    expect(firstPage.json().claims.map((c: { id: number }) => c.id)).toEqual([second.json().id]);
    const next = /^<([^>]+)>; rel="next"$/.exec(String(firstPage.headers.link))?.[1];
    expect(next).toMatch(/^\/api\/admin\/warranty-claims\?limit=1&cursor=[A-Za-z0-9_-]+$/);
    const lastPage = await staffRequest(apps, cookie, "GET", next!);
    expect(lastPage.json().claims.map((c: { id: number }) => c.id)).toEqual([opened.json().id]);
    expect(lastPage.headers.link).toBeUndefined();
    const openOnly = await staffRequest(apps, cookie, "GET", "/api/admin/warranty-claims?status=open&limit=1");
    expect(openOnly.json().claims.map((c: { id: number }) => c.id)).toEqual([second.json().id]);
    expect(openOnly.headers.link).toBeUndefined();
    const badStatus = await staffRequest(apps, cookie, "PATCH", `/api/admin/warranty-claims/${opened.json().id}`, {
      status: "closed",
    });
    expect(badStatus.statusCode).toBe(400);
    expect(
      (await staffRequest(apps, cookie, "PATCH", "/api/admin/warranty-claims/999999", { status: "resolved" }))
        .statusCode,
    ).toBe(404);
  });

  it("are refused once the warranty has ended (409)", async () => {
    const { warrantyEndsAt } = await project(finn);
    apps.clock.advance(new Date(warrantyEndsAt).getTime() + 86_400_000 - apps.clock.now().getTime());
    const later = { ...finn, session: await portalSignIn(apps, FINN) }; // the old session has ended too
    const late = await claim(later, finn.orderNumber, { description: "The roof leaks at the seam." });
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toMatch(/warranty of this home ended/);
  });
});
