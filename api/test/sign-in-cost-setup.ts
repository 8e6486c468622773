// Sign-in at a test's cost (vitest setup file, run before each API test file), as the sign-in attack
// tests need it, hundreds of attempts each:
// - passwords hashed with argon2id at its lowest cost: the product's parameters cost about 50 ms of
//   processor time a hash; test/security-passwords.test.ts, whose subject they are, puts them back;
// - a refused sign-in (429, 503) answered at once instead of after the product's 1 s pause, which is a
//   timer, not work, and would leave a core idle for each refusal.
import argon2 from "argon2";
import { passwordHashing } from "../src/modules/admin/auth.service";
import { signInTiming } from "../src/modules/admin/sign-in-throttle";

export const TEST_PASSWORD_HASHING = { type: argon2.argon2id, memoryCost: 1024, timeCost: 1, parallelism: 1 } as const;
passwordHashing.options = TEST_PASSWORD_HASHING;
signInTiming.refusalDelayMs = 0;
