import { describe, expect, it } from "vitest";
import { RequestError } from "../../lib/http.ts";
import { serverErrors } from "../form/server-errors.ts";
import {
  EMPTY_OFFLINE_CODE_FORM,
  OFFLINE_CODE_ALIASES,
  OFFLINE_CODE_LABELS,
  offlineCodeFormErrors,
} from "./offline-code-form.ts";

describe("the offline-code form", () => {
  it("requires a student and 6 digits", () => {
    expect(offlineCodeFormErrors(EMPTY_OFFLINE_CODE_FORM)).toEqual({
      student: "Student is required",
      code: "Offline code must be the 6 digits the student's phone shows",
    });
    expect(offlineCodeFormErrors({ student: "7", code: "12345" })).toEqual({
      code: "Offline code must be the 6 digits the student's phone shows",
    });
    expect(offlineCodeFormErrors({ student: "7", code: " 123 456 " })).toEqual({});
  });

  it("words the server's refusal of the code on the code field", () => {
    const message = "code is not this student's current code: ask for the one shown now";
    const err = new RequestError(message, 200, { code: [message] });
    expect(serverErrors(err, OFFLINE_CODE_LABELS, OFFLINE_CODE_ALIASES)).toEqual({
      fields: { code: "Offline code is not this student's current code: ask for the one shown now" },
      rest: null,
    });
  });
});
