// Valid inputs for the back-office endpoints, the starting points of the bad-input generator.
import type { TestApps } from "../../harness";
import { orderBody, signedInCookie } from "../../harness";

export const ADMIN_PASSWORD = "Quarry-Lantern-47";

export async function adminFixture(apps: TestApps) {
  const cookie = await signedInCookie(apps, "owner", ADMIN_PASSWORD);
  const products = (await apps.storefront.inject({ method: "GET", url: "/api/products" })).json();
  const product = products.find((p: { inStock: boolean }) => p.inStock);
  const placed = await apps.storefront.inject({
    method: "POST",
    url: "/api/orders",
    payload: orderBody([{ id: product.id, quantity: 1, price: product.price }]),
  });
  const orderId = placed.json().id as number;
  await apps.storefront.inject({
    method: "POST",
    url: "/api/contact",
    payload: { firstName: "Ana", lastName: "Ruiz", email: "ana@example.com" },
  });
  const contacts = await apps.backoffice.inject({ method: "GET", url: "/api/admin/contacts", headers: { cookie } });
  const contactId = contacts.json()[0].id as number;
  const gallery = (await apps.storefront.inject({ method: "GET", url: "/api/gallery" })).json();
  const productInput = {
    name: "Fuzz Model",
    description: "A model made by the bad-input test.",
    price: 43116,
    category: "20ft-homes",
    images: [{ url: "/media/fuzz.webp", width: 1200, height: 800 }],
    specs: { bedrooms: 1, bathrooms: 1, sqft: 160, containers: 1, units: 1, floors: 1, parking: 1 },
    featured: false,
    inStock: true,
  };
  const galleryInput = { title: "Fuzz view", category: "exterior", image: "/media/fuzz.webp" };
  const postInput = {
    slug: "fuzz-post",
    title: "Fuzz post",
    excerpt: "Short.",
    content: "Body of the post.",
    category: "design",
    image: "/media/fuzz.webp",
    published: false,
  };
  const listQuery = { q: "maria", status: "pending", limit: "10" };
  const samples: Record<string, unknown> = {
    "POST /api/admin/setup": { body: { username: "second", password: "Another-Passphrase-9" } },
    "POST /api/admin/login": { body: { username: "owner", password: ADMIN_PASSWORD } },
    // signed-in enrolment asks the password again: mutations of it reach the check (and its rate limit)
    "POST /api/admin/two-factor/enrol": { body: { password: ADMIN_PASSWORD } },
    "GET /api/admin/orders": { query: listQuery },
    "GET /api/admin/contacts": { query: listQuery },
    "GET /api/admin/orders.csv": { query: listQuery },
    "GET /api/admin/contacts.csv": { query: listQuery },
    "GET /api/admin/notifications": { query: { limit: "10" } },
    "GET /api/admin/notifications/:id": { params: { id: "1" } },
    "POST /api/admin/notifications/:id/retry": { params: { id: "1" }, body: {} },
    "PUT /api/admin/orders/:id/status": { params: { id: String(orderId) }, body: { status: "confirmed" } },
    "PUT /api/admin/orders/:id/payment": { params: { id: String(orderId) }, body: { paymentStatus: "paid" } },
    "PUT /api/admin/contacts/:id/status": { params: { id: String(contactId) }, body: { status: "contacted" } },
    "trpc admin.audit": { limit: 10 },
    "trpc twoFactor.begin": { password: ADMIN_PASSWORD },
    "trpc catalog.create": productInput,
    "trpc catalog.update": { id: product.id, data: productInput },
    "trpc catalog.delete": { id: 999_999 },
    "trpc content.createGalleryItem": galleryInput,
    "trpc content.updateGalleryItem": { id: gallery[0]?.id ?? 1, data: galleryInput },
    "trpc content.deleteGalleryItem": { id: 999_999 },
    "trpc content.reorderGallery": { ids: gallery.map((g: { id: number }) => g.id) },
    "trpc content.createPost": postInput,
    "trpc content.updatePost": { id: 999_999, data: postInput },
    "trpc content.deletePost": { id: 999_999 },
    "trpc orders.list": { q: "maria", status: "pending", limit: 10 },
    "trpc orders.details": { id: orderId },
    "trpc orders.setStatus": { id: orderId, status: "confirmed" },
    "trpc orders.setPaymentStatus": { id: orderId, paymentStatus: "paid" },
    "trpc orders.addNote": { id: orderId, body: "Called the customer." },
    "trpc leads.list": { q: "ana", status: "new", limit: 10 },
    "trpc leads.details": { id: contactId },
    "trpc leads.setStatus": { id: contactId, status: "contacted" },
    "trpc leads.addNote": { id: contactId, body: "Left a message." },
    "trpc notifications.list": { limit: 10 },
    "trpc notifications.get": { id: 1 },
    "trpc notifications.retry": { id: 1 },
  };
  return { cookie, samples };
}
