// Passwords: argon2id (m=19 MiB, t=2, p=1) rehashed at sign-in when the parameters change; 6 to 256
// characters; common passwords refused; the same 401 body and the same argon2 work for an unknown
// user and a wrong password. The product's parameters here (the other API files hash at argon2's lowest
// cost: test/sign-in-cost-setup.ts).
import { schema } from "@ch/db";
import argon2 from "argon2";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { ARGON2_OPTIONS, passwordHashing } from "../src/modules/admin/auth.service";
import { startTestApps, type TestApps } from "./harness";
import { TEST_PASSWORD_HASHING } from "./sign-in-cost-setup";

let apps: TestApps;
const PASSWORD = "Quarry-Lantern-47";
let nextIp = 1;
/** A fresh client address per attempt, so the sign-in throttle stays out of these measurements. */
const login = (username: string, password: string) =>
  apps.backoffice.inject({
    method: "POST",
    url: "/api/admin/login",
    payload: { username, password },
    remoteAddress: `10.1.${Math.floor(nextIp / 250)}.${(nextIp++ % 250) + 1}`,
  });
const setup = (username: string, password: string) =>
  apps.backoffice.inject({ method: "POST", url: "/api/admin/setup", payload: { username, password } });

beforeAll(async () => {
  passwordHashing.options = ARGON2_OPTIONS;
  apps = await startTestApps();
});
afterAll(async () => {
  passwordHashing.options = TEST_PASSWORD_HASHING;
  await apps?.close();
});

const storedHash = async (username: string) => {
  const [row] = await apps.db.handle.db
    .select({ hash: schema.admins.passwordHash })
    .from(schema.admins)
    .where(eq(schema.admins.username, username));
  return row?.hash ?? "";
};

/** The PHC string's algorithm and parameters: argon2id, 19 MiB, 2 iterations, 1 lane. */
function expectCurrentParameters(hash: string) {
  const [, algorithm, version, params] = hash.split("$");
  expect(algorithm).toBe("argon2id");
  expect(version).toBe("v=19");
  expect(Object.fromEntries((params ?? "").split(",").map((kv) => kv.split("=")))).toEqual({
    m: "19456",
    t: "2",
    p: "1",
  });
}

describe("password rules at setup", () => {
  it("refuses fewer than 12 and more than 256 characters, and common passwords", async () => {
    expect((await setup("owner", "Ab1!x")).statusCode).toBe(400);
    expect((await setup("owner", "Quarry-Lan7")).statusCode).toBe(400);
    expect((await setup("owner", "x".repeat(257))).statusCode).toBe(400);
    for (const common of ["password", "123456", "qwerty123", "Password1", "letmein", "Password1234!", "qwerty123456"]) {
      const res = await setup("owner", common);
      expect(res.statusCode, common).toBe(400);
    }
    expect(await storedHash("owner")).toBe("");
  });

  it("stores an argon2id hash with m=19456, t=2, p=1 (a 256-character password is accepted)", async () => {
    expect((await setup("owner", PASSWORD)).statusCode).toBe(201);
    const hash = await storedHash("owner");
    expectCurrentParameters(hash);
    expect(hash).not.toContain(PASSWORD);
    // a 256-character password is within the limit at sign-in (wrong, so 401 rather than 400)
    expect((await login("owner", "y".repeat(256))).statusCode).toBe(401);
    expect((await login("owner", "y".repeat(257))).statusCode).toBe(400);
  });
});

describe("rehash at sign-in", () => {
  it("replaces a hash made with weaker parameters by one with the current parameters", async () => {
    const weak = await argon2.hash(PASSWORD, { type: argon2.argon2id, memoryCost: 4096, timeCost: 1, parallelism: 1 });
    await apps.db.handle.db
      .update(schema.admins)
      .set({ passwordHash: weak })
      .where(eq(schema.admins.username, "owner"));
    const res = await login("owner", PASSWORD);
    expect(res.statusCode).toBe(200);
    const after = await storedHash("owner");
    expect(after).not.toBe(weak);
    expectCurrentParameters(after);
    expect(await argon2.verify(after, PASSWORD)).toBe(true);
    // a current hash is left alone
    expect((await login("owner", PASSWORD)).statusCode).toBe(200);
    expect(await storedHash("owner")).toBe(after);
  });
});

describe("unknown user and wrong password", () => {
  it("give the same 401 body", async () => {
    const unknown = await login("nobody-here", "Wrong-Password-1");
    const wrong = await login("owner", "Wrong-Password-1");
    expect(unknown.statusCode).toBe(401);
    expect(wrong.statusCode).toBe(401);
    expect(unknown.body).toBe(wrong.body);
    expect(unknown.headers["set-cookie"]).toBeUndefined();
    expect(wrong.headers["set-cookie"]).toBeUndefined();
  });

  it("do the same work: one argon2id verification with the current parameters, also for an unknown user", async () => {
    // Deterministic instead of timed: the time of a sign-in is the time of argon2.verify, so both
    // failures must call it exactly once on a hash of the same cost. (Timings belong in the bench.)
    const verify = vi.spyOn(argon2, "verify");
    try {
      const unknown = await login("ghost-user", "Wrong-Password-2");
      expect(unknown.statusCode).toBe(401);
      expect(verify).toHaveBeenCalledTimes(1);
      const [dummyHash, triedForUnknown] = verify.mock.calls[0]!;
      expectCurrentParameters(dummyHash);
      expect(triedForUnknown).toBe("Wrong-Password-2");
      expect(dummyHash).not.toBe(await storedHash("owner"));

      verify.mockClear();
      const wrong = await login("owner", "Wrong-Password-2");
      expect(wrong.statusCode).toBe(401);
      expect(verify).toHaveBeenCalledTimes(1);
      const [ownerHash, triedForOwner] = verify.mock.calls[0]!;
      expect(ownerHash).toBe(await storedHash("owner"));
      expectCurrentParameters(ownerHash);
      expect(triedForOwner).toBe("Wrong-Password-2");
    } finally {
      verify.mockRestore();
    }
  });
});
