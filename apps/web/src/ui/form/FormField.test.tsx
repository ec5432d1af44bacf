import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { renderUi } from "../../../test/render.tsx";
import { FormField } from "./FormField.tsx";
import { emailRule, type Rule, required } from "./rules.ts";
import { useField } from "./useField.ts";

function EmailField({ rules }: { rules: Rule<string>[] }) {
  const field = useField("", rules);
  return <FormField field={field} label="Email" type="email" successText="Looks good" />;
}

const stateOf = (label: string) => screen.getByLabelText(label).closest("[data-state]")?.getAttribute("data-state");

describe("FormField states", () => {
  it("is none until a rule runs, error on blur with the first failing message, success once fixed", async () => {
    const user = userEvent.setup();
    renderUi(<EmailField rules={[required("Email", "blur"), emailRule("Email")]} />);
    const input = screen.getByLabelText("Email");
    expect(stateOf("Email")).toBe("none");

    await user.click(input);
    await user.tab();
    expect(stateOf("Email")).toBe("error");
    expect(screen.getByText("Email is required")).toBeTruthy();
    expect(input.getAttribute("aria-invalid")).toBe("true");

    await user.type(input, "not-an-address");
    // blur rules do not run while typing: the old message stays until the field is left
    expect(screen.getByText("Email is required")).toBeTruthy();
    await user.tab();
    expect(screen.getByText("Email must be a valid e-mail address")).toBeTruthy();

    await user.clear(input);
    await user.type(input, "ada@school.edu");
    await user.tab();
    expect(stateOf("Email")).toBe("success");
    expect(screen.getByText("Looks good")).toBeTruthy();
  });

  it("runs change rules while typing", async () => {
    const user = userEvent.setup();
    renderUi(<EmailField rules={[{ message: "No spaces", trigger: "change", validate: (v) => !v.includes(" ") }]} />);
    await user.type(screen.getByLabelText("Email"), "a b");
    expect(stateOf("Email")).toBe("error");
    expect(screen.getByText("No spaces")).toBeTruthy();
  });

  it("shows validating while an asynchronous check is pending", async () => {
    const user = userEvent.setup();
    let release: (ok: boolean) => void = () => {};
    const slow: Rule<string> = {
      message: "That address is taken",
      trigger: "blur",
      validate: () => new Promise<boolean>((r) => (release = r)),
    };
    renderUi(<EmailField rules={[slow]} />);
    await user.type(screen.getByLabelText("Email"), "ada@school.edu");
    await user.tab();
    expect(stateOf("Email")).toBe("validating");
    expect(screen.getByText("Checking…")).toBeTruthy();
    release(false);
    await waitFor(() => expect(stateOf("Email")).toBe("error"));
    expect(screen.getByText("That address is taken")).toBeTruthy();
  });
});
