// The back office's Blog list reads one page of summaries (no body), drafts included, with the total;
// the editor reads one post's full text by id.
import { schema } from "@ch/db";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signedInCookie, startTestApps, type TestApps } from "./harness";

let apps: TestApps;
let cookie: string;
const POSTS = 7;

beforeAll(async () => {
  apps = await startTestApps({ seed: false });
  await apps.db.handle.db.insert(schema.blogPosts).values(
    Array.from({ length: POSTS }, (_, i) => ({
      slug: `post-${i + 1}`,
      title: `Post ${i + 1}`,
      excerpt: `Excerpt ${i + 1}`,
      content: `Full text of post ${i + 1}. `.repeat(50),
      image: "/img/post.jpg",
      category: "guides",
      published: i % 2 === 0,
      createdAt: new Date(Date.UTC(2026, 0, i + 1)),
      updatedAt: new Date(Date.UTC(2026, 0, i + 1)),
    })),
  );
  cookie = await signedInCookie(apps);
});
afterAll(() => apps.close());

const query = async (path: string, input?: unknown) => {
  const url = `/api/trpc/${path}${input === undefined ? "" : `?input=${encodeURIComponent(JSON.stringify(input))}`}`;
  const res = await apps.backoffice.inject({ method: "GET", url, headers: { cookie } });
  return { status: res.statusCode, body: res.json() };
};

describe("content.posts (back office)", () => {
  it("pages summaries newest first, drafts included, without the body", async () => {
    const first = await query("content.posts", { limit: 3, offset: 0 });
    expect(first.status).toBe(200);
    const page = first.body.result.data;
    expect(page.total).toBe(POSTS);
    expect(page.posts.map((p: { slug: string }) => p.slug)).toEqual(["post-7", "post-6", "post-5"]);
    expect(page.posts[1]).toEqual({
      id: expect.any(Number),
      slug: "post-6",
      title: "Post 6",
      category: "guides",
      published: false,
      updatedAt: "2026-01-06T00:00:00.000Z",
    });
    const last = (await query("content.posts", { limit: 3, offset: 6 })).body.result.data;
    expect(last.total).toBe(POSTS);
    expect(last.posts.map((p: { slug: string }) => p.slug)).toEqual(["post-1"]);
  });

  it("opens one post with its full text by id, and answers 404 for an unknown id", async () => {
    const { posts } = (await query("content.posts")).body.result.data;
    const draft = posts.find((p: { slug: string }) => p.slug === "post-2");
    const one = await query("content.post", { id: draft.id });
    expect(one.status).toBe(200);
    expect(one.body.result.data).toMatchObject({ slug: "post-2", published: false });
    expect(one.body.result.data.content).toContain("Full text of post 2.");
    expect((await query("content.post", { id: 999_999 })).status).toBe(404);
  });

  it("refuses a page size over 100 with a 400", async () => {
    expect((await query("content.posts", { limit: 101 })).status).toBe(400);
  });
});
