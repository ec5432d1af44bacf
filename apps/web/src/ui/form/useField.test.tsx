import { act, renderHook } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import type { Rule } from "./rules.ts";
import { useField } from "./useField.ts";

/** A change rule whose checks answer when told, newest last. */
function slowRule() {
  const answers: ((ok: boolean) => void)[] = [];
  const rule: Rule<string> = {
    message: "Taken",
    trigger: "change",
    validate: () => new Promise<boolean>((r) => answers.push(r)),
  };
  return { rule, answers };
}

describe("useField", () => {
  it("never lets a stale check overwrite a newer one", async () => {
    const { rule, answers } = slowRule();
    const { result } = renderHook(() => useField("", [rule]));
    act(() => result.current.setValue("a"));
    act(() => result.current.setValue("ab"));
    expect(result.current.status).toBe("validating");
    await act(async () => answers[1]?.(true));
    expect(result.current.status).toBe("success");
    await act(async () => answers[0]?.(false));
    expect(result.current.status).toBe("success");
    expect(result.current.error).toBeNull();
  });

  it("keeps the server's message over a pending check, and reset clears both", async () => {
    const { rule, answers } = slowRule();
    const { result } = renderHook(() => useField("", [rule]));
    act(() => result.current.setValue("a"));
    act(() => result.current.setError("Email is taken"));
    expect(result.current.status).toBe("error");
    await act(async () => answers[0]?.(true));
    expect(result.current.error).toBe("Email is taken");
    act(() => result.current.reset());
    expect(result.current).toMatchObject({ value: "", status: "none", error: null });
  });

  it("answers required rules at once, without a validating state", async () => {
    const { result } = renderHook(() => useField("x", [{ required: true, message: "Needed", trigger: "change" }]));
    act(() => result.current.setValue(""));
    expect(result.current).toMatchObject({ status: "error", error: "Needed" });
    await act(async () => expect(await result.current.validate()).toBe(false));
  });
});
