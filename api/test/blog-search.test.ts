// The blog's server-side search and paging (GET /api/blog/search, content.postSummaries): full-text
// ranking over every published post, category filter, pages, validation, and the read cache that
// keeps visitor-chosen searches from pushing out the common reads.
import { schema } from "@ch/db";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { readCache } from "../src/lib/read-cache";
import { BACKOFFICE, signedInCookie, startTestApps, type TestApps } from "./harness";

let apps: TestApps;

interface Summary {
  id: number;
  slug: string;
  title: string;
  excerpt: string;
  image: string;
  category: string;
  createdAt: string;
}
interface SearchResult {
  posts: Summary[];
  total: number;
  page: number;
  pageSize: number;
  pageCount: number;
}

const paragraph = (words: string) => `${words} `.repeat(3).trim();

beforeAll(async () => {
  apps = await startTestApps();
  // "quokka" is in no seed post: in the title of the oldest, the excerpt of the middle one and the body
  // of the newest, and in the title of a draft
  const post = (
    slug: string,
    title: string,
    excerpt: string,
    content: string,
    createdAt: string,
    published = true,
  ) => ({
    slug,
    title,
    excerpt,
    content,
    category: "design",
    image: "/media/blog-quokka.webp",
    published,
    createdAt: new Date(createdAt),
    updatedAt: new Date(createdAt),
  });
  await apps.db.handle.db
    .insert(schema.blogPosts)
    .values([
      post(
        "quokka-in-the-title",
        "A Quokka Guide to Small Homes",
        "Short notes on compact living.",
        paragraph("Compact rooms and storage."),
        "2020-01-01T00:00:00Z",
      ),
      post(
        "quokka-in-the-excerpt",
        "Porch Ideas",
        "What a quokka taught us about shade.",
        paragraph("Shade and porches."),
        "2020-02-01T00:00:00Z",
      ),
      post(
        "quokka-in-the-body",
        "Window Placement",
        "Light and air in a steel box.",
        paragraph("Windows, light and a quokka."),
        "2020-03-01T00:00:00Z",
      ),
      post(
        "quokka-draft",
        "Quokka Draft",
        "Not published.",
        paragraph("Quokka quokka."),
        "2020-04-01T00:00:00Z",
        false,
      ),
    ]);
});
afterAll(async () => {
  await apps?.close();
});

const get = (url: string) => apps.storefront.inject({ method: "GET", url });
async function search(query: string): Promise<SearchResult> {
  const res = await get(`/api/blog/search${query ? `?${query}` : ""}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as SearchResult;
}

describe("GET /api/blog/search", () => {
  it("ranks title matches above excerpt matches above body matches, and finds word forms", async () => {
    const result = await search("q=quokka");
    expect(result.posts.map((p) => p.slug)).toEqual([
      "quokka-in-the-title",
      "quokka-in-the-excerpt",
      "quokka-in-the-body",
    ]);
    expect(result.total).toBe(3);
    // English stemming: the plural and another case find the same posts
    expect((await search("q=QUOKKAS")).posts.map((p) => p.slug)).toEqual(result.posts.map((p) => p.slug));
  });

  it("searches every published post, not only the first page: the oldest seed post is found by 'zoning'", async () => {
    const firstPage = await search("");
    expect(firstPage.posts.map((p) => p.slug)).not.toContain("texas-container-home-permits-zoning");
    const result = await search("q=zoning");
    expect(result.posts[0]?.slug).toBe("texas-container-home-permits-zoning");
    // "zoning" is also in other bodies, ranked below the post that has it in its title
    expect(result.total).toBeGreaterThanOrEqual(1);
  });

  it("never lists drafts, and sends summaries without the body", async () => {
    const all = await search("pageSize=24");
    expect(all.posts.map((p) => p.slug)).not.toContain("quokka-draft");
    expect(all.posts.map((p) => p.slug)).not.toContain("preparing-your-site-for-delivery-day");
    expect(all.total).toBe(11); // 8 published seed posts + 3 published here
    for (const p of all.posts) {
      expect(Object.keys(p).sort()).toEqual(["category", "createdAt", "excerpt", "id", "image", "slug", "title"]);
    }
    // "delivery" words are in the seed draft's title: a search cannot reach it either
    const draftWords = await search("q=%22Delivery+Day%22");
    expect(draftWords.posts.map((p) => p.slug)).not.toContain("preparing-your-site-for-delivery-day");
  });

  it("pages newest first with a total and page count; past the last page is empty with the same total", async () => {
    const page1 = await search("");
    expect(page1).toMatchObject({ page: 1, pageSize: 6, total: 11, pageCount: 2 });
    expect(page1.posts).toHaveLength(6);
    const dates = page1.posts.map((p) => p.createdAt);
    expect([...dates].sort().reverse()).toEqual(dates);
    const page2 = await search("page=2");
    expect(page2.posts).toHaveLength(5);
    expect(page2.posts.map((p) => p.slug)).toContain("texas-container-home-permits-zoning");
    const seen = new Set([...page1.posts, ...page2.posts].map((p) => p.slug));
    expect(seen.size).toBe(11);
    const page3 = await search("page=3");
    expect(page3).toMatchObject({ posts: [], total: 11, page: 3, pageCount: 2 });
    const small = await search("page=4&pageSize=3");
    expect(small).toMatchObject({ total: 11, pageCount: 4 });
    expect(small.posts).toHaveLength(2);
  });

  it("filters by category, alone and with a search, and can leave one post out", async () => {
    const investment = await search("category=investment");
    expect(investment.total).toBe(2);
    expect(investment.posts.every((p) => p.category === "investment")).toBe(true);
    const design = await search("category=design&q=quokka");
    expect(design.total).toBe(3);
    expect((await search("category=construction&q=quokka")).total).toBe(0);
    const related = await search("pageSize=3&exclude=quokka-in-the-body&category=design");
    expect(related.posts.map((p) => p.slug)).not.toContain("quokka-in-the-body");
    expect(related.posts).toHaveLength(3);
  });

  it("treats an empty or blank search as none, and words that index nothing as no match", async () => {
    expect((await search("q=")).total).toBe(11);
    expect((await search("q=+++")).total).toBe(11);
    // only stop words: an empty text query matches nothing (and is no error)
    expect((await search("q=the+and")).total).toBe(0);
    // operators of web search syntax are accepted as text, never as SQL
    expect((await search("q=quokka+-title+%22%27%3B+drop")).total).toBe(0);
    expect((await search("q=quokka+or+zoning")).total).toBeGreaterThanOrEqual(4);
  });

  it.each([
    ["page=0", "page"],
    ["page=abc", "page"],
    ["page=1001", "page"],
    ["pageSize=25", "pageSize"],
    ["category=cooking", "category"],
    [`q=${"a".repeat(201)}`, "q"],
    ["exclude=Not_A_Slug", "exclude"],
    ["sort=rank", ""],
  ])("answers 400 with the field for %s", async (query, field) => {
    const res = await get(`/api/blog/search?${query}`);
    expect(res.statusCode).toBe(400);
    const body = res.json() as { message: string; issues: { path: (string | number)[]; message: string }[] };
    expect(typeof body.message).toBe("string");
    expect(body.issues.length).toBeGreaterThan(0);
    if (field) expect(body.issues.map((i) => i.path.join("."))).toContain(field);
  });

  it("is the same read over tRPC (content.postSummaries)", async () => {
    const input = encodeURIComponent(JSON.stringify({ q: "zoning", page: 1 }));
    const res = await get(`/api/trpc/content.postSummaries?input=${input}`);
    expect(res.statusCode, res.body).toBe(200);
    const data = (res.json() as { result: { data: SearchResult } }).result.data;
    expect(data.posts[0]?.slug).toBe("texas-container-home-permits-zoning");
    const bad = await get(`/api/trpc/content.postSummaries?input=${encodeURIComponent(JSON.stringify({ page: 0 }))}`);
    expect(bad.statusCode).toBe(400);
  });
});

describe("the slug 'search'", () => {
  it("is reserved: a post cannot take the path of GET /api/blog/search", async () => {
    const cookie = await signedInCookie(apps);
    const create = (slug: string) =>
      apps.backoffice.inject({
        method: "POST",
        url: "/api/trpc/content.createPost",
        headers: { cookie, origin: BACKOFFICE, "content-type": "application/json" },
        payload: {
          slug,
          title: "Search",
          excerpt: "x",
          content: "y",
          category: "design",
          image: "/media/x.webp",
          published: false,
        },
      });
    const refused = await create("search");
    expect(refused.statusCode).toBe(400);
    expect(refused.body).toContain("reserved");
    expect((await create("search-tips")).statusCode).toBe(200);
  });
});

describe("the documented blog reads stay as documented", () => {
  it("GET /api/blog?published=true is still the array of full posts; /api/blog/{slug} still answers", async () => {
    const res = await get("/api/blog?published=true");
    const list = res.json() as { slug: string; content: string; published: boolean }[];
    expect(Array.isArray(list)).toBe(true);
    expect(list).toHaveLength(11);
    expect(list.every((p) => p.published && p.content.length > 0)).toBe(true);
    expect(Object.keys(list[0]!)).not.toContain("searchVector");
    const one = await get("/api/blog/texas-container-home-permits-zoning");
    expect(one.statusCode).toBe(200);
    expect(Object.keys(one.json() as object).sort()).toEqual(
      ["category", "content", "createdAt", "excerpt", "id", "image", "published", "slug", "title", "updatedAt"].sort(),
    );
  });
});

describe("read cache for searches", () => {
  it("keeps common reads while visitors send many different searches", async () => {
    const cache = readCache(apps.db.handle.db);
    await cache.value("probe", async () => 1); // starts the invalidation channel
    await vi.waitFor(() => expect(cache.trusted()).toBe(true), { timeout: 20_000, interval: 50 });
    let commonLoads = 0;
    let hotLoads = 0;
    await cache.value("common", async () => ++commonLoads);
    for (let i = 0; i < 1_000; i++) {
      await cache.chosenValue(`random:${i}`, async () => i);
      if (i % 50 === 0) await cache.chosenValue("hot-search", async () => ++hotLoads);
    }
    await cache.value("common", async () => ++commonLoads);
    await cache.chosenValue("hot-search", async () => ++hotLoads);
    expect(commonLoads).toBe(1);
    expect(hotLoads).toBe(1);
    // the oldest random searches were forgotten, one at a time
    let reloaded = false;
    await cache.chosenValue("random:0", async () => {
      reloaded = true;
      return 0;
    });
    expect(reloaded).toBe(true);
  });

  it("a repeated search is answered from memory, and a post change drops it", async () => {
    const first = await search("q=quokka");
    await apps.db.handle.db.insert(schema.blogPosts).values({
      slug: "quokka-late",
      title: "Quokka Late",
      excerpt: "x",
      content: "y",
      category: "design",
      image: "/media/x.webp",
      published: true,
    });
    // written behind the cache's back: still the remembered answer
    expect((await search("q=quokka")).total).toBe(first.total);
    // an admin write announces the change: the next read sees the new post
    const { announceCatalogChange } = await import("../src/lib/read-cache");
    await announceCatalogChange(apps.db.handle.db);
    expect((await search("q=quokka")).total).toBe(first.total + 1);
  });
});
