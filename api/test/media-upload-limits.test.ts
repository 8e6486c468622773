// Uploads as an attack surface (issue 15, hole 8): the bytes' own format decides, not the declared
// content type (an SVG sent as image/png is 415); an image over the pixel budget is refused from its
// header with 413 and its size, before anything is decoded; and a process converts one image at a time.
// Every image is generated here with sharp.
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { imageQueue, MAX_IMAGE_JOBS } from "../src/modules/media/upload.service";
import { signedInCookie, startTestApps, type TestApps } from "./harness";
import { solidImage } from "./images";
import { uploadMedia } from "./staff-requests";

let apps: TestApps;
let cookie: string;
/** What the conversion queue did, in order: ["start", 1], ["end", 1], … */
const queueLog: [string, number][] = [];
const onStart = (id: number) => queueLog.push(["start", id]);
const onEnd = (id: number) => queueLog.push(["end", id]);

beforeAll(async () => {
  apps = await startTestApps();
  cookie = await signedInCookie(apps);
  imageQueue.events.on("start", onStart);
  imageQueue.events.on("end", onEnd);
});
afterAll(async () => {
  imageQueue.events.off("start", onStart);
  imageQueue.events.off("end", onEnd);
  await apps?.close();
});

const upload = (body: Buffer, type: string) => uploadMedia(apps, cookie, body, type);

const picture = (width: number, height: number, colour = "#96582a") => solidImage(width, height, "jpeg", colour);

describe("what the bytes are", () => {
  it("refuses an SVG sent as image/png with 415, without converting anything", async () => {
    const svg = Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" width="400" height="300"><script>alert(1)</script><rect width="400" height="300"/></svg>',
    );
    queueLog.length = 0;
    const res = await upload(svg, "image/png");
    expect(res.statusCode).toBe(415);
    expect(res.json()).toMatchObject({
      message: "The file is SVG, not the image/png it was sent as: send a JPEG, PNG or WebP image",
      issues: [],
    });
    expect(queueLog).toEqual([]);
  });

  it("takes a WebP sent as image/jpeg (the bytes decide, and WebP is allowed)", async () => {
    const webp = await solidImage(300, 200, "webp", "#123456");
    const res = await upload(webp, "image/jpeg");
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ width: 300, height: 200 });
  });
});

describe("the pixel budget", () => {
  it("refuses a 7000 × 7000 16-bit PNG from its header with 413 and its size, decoding nothing", async () => {
    const bomb = await sharp({ create: { width: 7000, height: 7000, channels: 3, background: "#785a3c" } })
      .toColourspace("rgb16")
      .png({ compressionLevel: 9 })
      .toBuffer();
    expect((await sharp(bomb).metadata()).depth).toBe("ushort");
    queueLog.length = 0;
    const started = performance.now();
    const res = await upload(bomb, "image/png");
    const ms = performance.now() - started;
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({
      message:
        "The image is 7000 × 7000 pixels (49 megapixels); the most we take is 32 megapixels: resize it and upload it again",
      issues: [],
    });
    expect(queueLog).toEqual([]); // never reached the converter
    console.log(`[upload limits] ${bomb.length} byte 7000×7000 16-bit PNG refused in ${Math.round(ms)} ms`);
  });

  it("counts every pixel: 8000 × 4001 is over 32 megapixels too", async () => {
    const wide = await solidImage(8000, 4001, "png");
    const res = await upload(wide, "image/png");
    expect(res.statusCode).toBe(413);
    expect(res.json().message).toContain("8000 × 4001 pixels (32.01 megapixels)");
  });
});

describe("one conversion at a time", () => {
  it("converts two concurrent uploads one after the other, and both are stored", async () => {
    const [a, b] = await Promise.all([picture(1200, 800, "#ff0000"), picture(900, 900, "#0000ff")]);
    queueLog.length = 0;
    const answers = await Promise.all([upload(a!, "image/jpeg"), upload(b!, "image/jpeg")]);
    expect(answers.map((r) => r.statusCode)).toEqual([201, 201]);
    expect(answers.map((r) => r.json().width).sort()).toEqual([1200, 900].sort());
    const [first, second] = [queueLog[0]![1], queueLog[2]![1]];
    expect(queueLog).toEqual([
      ["start", first],
      ["end", first],
      ["start", second],
      ["end", second],
    ]);
    expect(imageQueue.pending).toBe(0);
  });

  it(`holds at most ${MAX_IMAGE_JOBS} jobs; the next is refused with 503 and Retry-After`, async () => {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const held = Array.from({ length: MAX_IMAGE_JOBS }, () => imageQueue.run(() => gate));
    await expect(imageQueue.run(async () => "too many")).rejects.toMatchObject({
      status: 503,
      message: "Other images are being converted; please try again in a few seconds",
      headers: { "retry-after": "5" },
    });
    release();
    await Promise.all(held);
    expect(imageQueue.pending).toBe(0);
    expect(await imageQueue.run(async () => "again")).toBe("again");
  });
});
