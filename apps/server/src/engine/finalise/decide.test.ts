import { STATUS, type StatusId } from "@rollbook/domain";
import { describe, expect, it } from "vitest";
import { type DecideInput, decide } from "./decide.ts";

const enter = new Date("2026-11-23T14:00:00Z");
const evaluated = (status: StatusId) => ({ status, enter, exit: enter, percentage: 80 });
const base: DecideInput = {
  existing: null,
  evaluation: evaluated(STATUS.present),
  manual: false,
  cancelled: false,
  excused: false,
  travelling: false,
};

describe("decide (what finalisation does with one student's attendance)", () => {
  it("writes the evaluated status, absent when nothing was seen", () => {
    expect(decide(base)).toMatchObject({ kind: "write", status: STATUS.present, finished: true, percentage: 80 });
    expect(decide({ ...base, evaluation: { ...evaluated(STATUS.pending), enter: null } })).toMatchObject({
      kind: "write",
      status: STATUS.absent,
    });
  });

  it("covers with cancelled, excused or travel, the cancellation first", () => {
    expect(decide({ ...base, excused: true })).toMatchObject({ status: STATUS.excused });
    // travel covers only a student who was not there: one who came along counts as present
    const away = { ...base, evaluation: { ...evaluated(STATUS.absent), enter: null } };
    expect(decide({ ...away, travelling: true })).toMatchObject({ status: STATUS.travel });
    expect(decide({ ...base, travelling: true })).toMatchObject({ status: STATUS.present });
    expect(decide({ ...base, cancelled: true, excused: true, travelling: true })).toMatchObject({
      status: STATUS.cancelled,
    });
  });

  it("keeps a finished row and only finishes a locked one", () => {
    expect(decide({ ...base, existing: { status: STATUS.late, lock: false, finished: true } })).toEqual({
      kind: "keep",
    });
    expect(
      decide({ ...base, existing: { status: STATUS.excused, lock: true, finished: false }, cancelled: true }),
    ).toEqual({ kind: "finish" });
  });

  it("manual courses: staff marks stand, unmarked students stay pending, covers still apply", () => {
    const manual = { ...base, manual: true };
    expect(decide({ ...manual, existing: { status: STATUS.late, lock: false, finished: false } })).toEqual({
      kind: "finish",
    });
    expect(decide({ ...manual, existing: { status: STATUS.pending, lock: false, finished: false } })).toEqual({
      kind: "keep",
    });
    expect(decide(manual)).toMatchObject({ kind: "write", status: STATUS.pending, finished: false });
    expect(decide({ ...manual, excused: true })).toMatchObject({
      kind: "write",
      status: STATUS.excused,
      finished: true,
    });
  });
});
