import { describe, expect, it } from "vitest";
import {
  emailChangeNotice,
  informationErrors,
  informationValues,
  inviteErrors,
  pendingEmailNote,
} from "./information-form.ts";

describe("a person's information form", () => {
  it("asks only for a first name, and shows a missing phone as blank", () => {
    const v = informationValues({ first_name: " ", last_name: "Lovelace", email: "ada@x.test", phone_number: null });
    expect(v.phone_number).toBe("");
    expect(informationErrors(v)).toEqual({ first_name: "First name is required" });
    expect(informationErrors({ ...v, first_name: "Ada" })).toEqual({});
  });

  it("asks an invitation for a first name and an e-mail", () => {
    const blank = { first_name: "", last_name: "", email: " ", role_id: "7" };
    expect(inviteErrors(blank)).toEqual({ first_name: "First name is required", email: "E-mail is required" });
    expect(inviteErrors({ ...blank, first_name: "Quinn", email: "q@x.test" })).toEqual({});
  });

  it("tells that a changed e-mail waits for its confirmation, and nothing for the same one", () => {
    expect(emailChangeNotice("ada@x.test", " Ada@X.test ")).toBeNull();
    expect(emailChangeNotice("ada@x.test", "")).toBeNull();
    expect(emailChangeNotice("ada@x.test", "ada@y.test ")).toBe(
      "A link to confirm ada@y.test was sent there: the e-mail changes when it is opened.",
    );
  });

  it("says which address a pending change waits on, and nothing without one", () => {
    expect(pendingEmailNote(null)).toBeUndefined();
    expect(pendingEmailNote(undefined)).toBeUndefined();
    expect(pendingEmailNote("ada@y.test")).toBe(
      "Waiting for confirmation: a link was sent to ada@y.test; the e-mail changes when it is opened.",
    );
  });
});
