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
    // stored as digits, shown as every screen writes phones
    expect(informationValues({ ...v, phone_number: "5185552006" }).phone_number).toBe("(518) 555-2006");
    expect(informationErrors(v)).toEqual({ first_name: "First name is required" });
    expect(informationErrors({ ...v, first_name: "Ada" })).toEqual({});
  });

  it("checks the e-mail and the phone too, all at once, in the forms' words", () => {
    const v = informationValues({ first_name: "Ada", last_name: "", email: "bad@", phone_number: "12" });
    expect(informationErrors(v)).toEqual({
      email: "E-mail must be a valid e-mail address",
      phone_number: "Phone must have 7 to 15 digits",
    });
    expect(informationErrors({ ...v, email: " ", phone_number: "555-CALL" })).toEqual({
      email: "E-mail is required",
      phone_number: "Phone may hold only digits, spaces and + ( ) - .",
    });
    // as the server takes them: any punctuation of 7 to 15 digits, or no phone
    expect(informationErrors({ ...v, email: "ada@x.test", phone_number: "(518) 555-0199" })).toEqual({});
    expect(informationErrors({ ...v, email: "ada@x.test", phone_number: "" })).toEqual({});
  });

  it("asks an invitation for a first name and an e-mail", () => {
    const blank = { first_name: "", last_name: "", email: " ", role_id: "7" };
    expect(inviteErrors(blank)).toEqual({ first_name: "First name is required", email: "E-mail is required" });
    expect(inviteErrors({ ...blank, first_name: "Quinn", email: "q@x.test" })).toEqual({});
    expect(inviteErrors({ ...blank, first_name: "Quinn", email: "not-an-address" })).toEqual({
      email: "E-mail must be a valid e-mail address",
    });
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
