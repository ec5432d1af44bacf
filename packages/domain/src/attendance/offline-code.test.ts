import { describe, expect, it } from "vitest";
import { newOfflineSecret, OFFLINE_CODE_PERIOD_S, offlineCodeAt, verifyOfflineCode } from "./offline-code.ts";

// RFC 6238 appendix B: the SHA1 secret "12345678901234567890" in base32
const RFC_SECRET = "GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ";
const STEP = OFFLINE_CODE_PERIOD_S * 1000;

describe("offline code", () => {
  it("matches the RFC 6238 test vectors (last 6 digits)", () => {
    expect(offlineCodeAt(RFC_SECRET, new Date(59_000))).toBe("287082");
    expect(offlineCodeAt(RFC_SECRET, new Date(1_111_111_109_000))).toBe("081804");
    expect(offlineCodeAt(RFC_SECRET, new Date(2_000_000_000_000))).toBe("279037");
  });

  it("makes distinct base32 secrets of 160 bits", () => {
    const a = newOfflineSecret();
    expect(a).toMatch(/^[A-Z2-7]{32}$/);
    expect(newOfflineSecret()).not.toBe(a);
  });

  it("accepts a drift of one step either way and refuses two", () => {
    const secret = newOfflineSecret();
    const at = new Date(Date.parse("2026-01-05T14:00:00Z") + 10_000);
    const code = offlineCodeAt(secret, at);
    expect(code).toMatch(/^\d{6}$/);
    expect(verifyOfflineCode(secret, code, at)).toBe(true);
    expect(verifyOfflineCode(secret, code, new Date(at.getTime() + STEP))).toBe(true);
    expect(verifyOfflineCode(secret, code, new Date(at.getTime() - STEP))).toBe(true);
    // the code of two steps away is not this one (RFC secret: fixed codes, no chance collision)
    const rfcCode = offlineCodeAt(RFC_SECRET, at);
    expect(verifyOfflineCode(RFC_SECRET, rfcCode, new Date(at.getTime() + 2 * STEP))).toBe(false);
    expect(verifyOfflineCode(RFC_SECRET, rfcCode, new Date(at.getTime() - 2 * STEP))).toBe(false);
  });

  it("refuses wrong codes, garbage and bad secrets without throwing", () => {
    const at = new Date(59_000);
    expect(verifyOfflineCode(RFC_SECRET, "287083", at)).toBe(false);
    expect(verifyOfflineCode(RFC_SECRET, "28708", at)).toBe(false);
    expect(verifyOfflineCode(RFC_SECRET, "2870821", at)).toBe(false);
    expect(verifyOfflineCode(RFC_SECRET, "abcdef", at)).toBe(false);
    expect(verifyOfflineCode(RFC_SECRET, "", at)).toBe(false);
    expect(verifyOfflineCode("not base32 !!", "287082", at)).toBe(false);
    expect(verifyOfflineCode(RFC_SECRET, "287 082", at)).toBe(true); // spaces as typed are ignored
  });
});
