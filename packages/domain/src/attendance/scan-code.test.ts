import { describe, expect, it } from "vitest";
import { parseScanCode, SCAN_CODE_PERIOD_S, scanCodeAt, scanCodeExpiresAt, verifyScanCode } from "./scan-code.ts";

const UUID = "123e4567-e89b-42d3-a456-426614174000";
const SECRET = "3132333435363738393031323334353637383930"; // "12345678901234567890" in hex
const STEP = SCAN_CODE_PERIOD_S * 1000;
const AT = new Date(Date.parse("2026-01-05T14:00:00Z") + 12_000);

describe("scan code", () => {
  it("round-trips through the QR text", () => {
    const text = scanCodeAt(UUID, SECRET, AT);
    expect(text).toMatch(new RegExp(`^rollbook:event:${UUID}:\\d{8}$`));
    const parsed = parseScanCode(text);
    expect(parsed?.eventUuid).toBe(UUID);
    expect(verifyScanCode(SECRET, parsed?.code ?? "", AT)).toBe(true);
  });

  it("matches the RFC 6238 8-digit SHA1 vector", () => {
    expect(scanCodeAt(UUID, SECRET, new Date(59_000))).toBe(`rollbook:event:${UUID}:94287082`);
  });

  it("goes stale after one step either side and depends on the secret", () => {
    const code = parseScanCode(scanCodeAt(UUID, SECRET, AT))?.code ?? "";
    expect(verifyScanCode(SECRET, code, new Date(AT.getTime() + STEP))).toBe(true);
    expect(verifyScanCode(SECRET, code, new Date(AT.getTime() - STEP))).toBe(true);
    expect(verifyScanCode(SECRET, code, new Date(AT.getTime() + 2 * STEP))).toBe(false);
    expect(verifyScanCode(SECRET, code, new Date(AT.getTime() - 2 * STEP))).toBe(false);
    expect(verifyScanCode("00112233445566778899aabbccddeeff", code, AT)).toBe(false);
    expect(verifyScanCode("not hex", code, AT)).toBe(false);
    expect(verifyScanCode(SECRET, "1234567", AT)).toBe(false);
  });

  it("expires at the next step boundary", () => {
    expect(scanCodeExpiresAt(AT).toISOString()).toBe("2026-01-05T14:00:30.000Z");
    expect(scanCodeExpiresAt(new Date("2026-01-05T14:00:30Z")).toISOString()).toBe("2026-01-05T14:01:00.000Z");
    // the code changes exactly when it expires
    const expires = scanCodeExpiresAt(AT);
    expect(scanCodeAt(UUID, SECRET, new Date(expires.getTime() - 1))).toBe(scanCodeAt(UUID, SECRET, AT));
    expect(scanCodeAt(UUID, SECRET, expires)).not.toBe(scanCodeAt(UUID, SECRET, AT));
  });

  it("parses only our own texts", () => {
    expect(parseScanCode(`  rollbook:event:${UUID.toUpperCase()}:12345678\n`)).toEqual({
      eventUuid: UUID,
      code: "12345678",
    });
    for (const garbage of [
      "",
      "hello",
      "https://example.com/",
      `rollbook:event:${UUID}`,
      `rollbook:event:${UUID}:1234567`,
      `rollbook:event:${UUID}:123456789`,
      `rollbook:event:${UUID}:1234567a`,
      "rollbook:event:not-a-uuid:12345678",
      `rollbook:course:${UUID}:12345678`,
      `xrollbook:event:${UUID}:12345678`,
      `rollbook:event:${UUID}:12345678:extra`,
    ]) {
      expect(parseScanCode(garbage)).toBeNull();
    }
  });
});
