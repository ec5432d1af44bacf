import { describe, expect, it } from "vitest";
import {
  EMPTY_EVENT_FORM,
  type EventFormValues,
  eventFormErrors,
  eventFormFrom,
  eventTimes,
  eventVariables,
  seatsText,
} from "./event-form.ts";

const good: EventFormValues = {
  ...EMPTY_EVENT_FORM,
  title: " Open day ",
  date: "2026-12-01",
  start_time: "09:00",
  end_time: "12:30",
  capacity: "30",
};

describe("event form", () => {
  it("defaults drop_cutoff to 240 and needs title, date and times", () => {
    expect(EMPTY_EVENT_FORM.drop_cutoff).toBe("240");
    expect(eventFormErrors(EMPTY_EVENT_FORM)).toEqual({
      title: "Title is required",
      date: "Date is required",
      start_time: "Start time is required",
      end_time: "End time is required",
    });
    expect(eventFormErrors(good)).toEqual({});
  });

  it("refuses an end before the start, naming the field", () => {
    expect(eventFormErrors({ ...good, end_time: "08:00" })).toEqual({
      end_time: "End time must be after the start time",
    });
  });

  it("refuses a capacity below the students attending", () => {
    expect(eventFormErrors({ ...good, capacity: "2" }, 3).capacity).toBe(
      "Capacity must be at least 3: that many students are attending",
    );
    expect(eventFormErrors({ ...good, capacity: "0" }).capacity).toMatch(/^Capacity must be a whole number/);
    expect(eventFormErrors({ ...good, capacity: "" }, 3)).toEqual({});
  });

  it("checks the thresholds", () => {
    expect(eventFormErrors({ ...good, late_time: "10", absent_time: "5" }).absent_time).toBe(
      "Absent after must be more minutes than late after",
    );
    expect(eventFormErrors({ ...good, min_percentage: "101" }).min_percentage).toMatch(/0 to 100/);
    expect(eventFormErrors({ ...good, drop_cutoff: "" }).drop_cutoff).toBe("Drop cutoff is required");
  });

  it("sends numbers, nulls for blanks", () => {
    expect(eventVariables({ ...good, restricted_by: "4" })).toMatchObject({
      title: "Open day",
      description: null,
      capacity: 30,
      late_time: null,
      drop_cutoff: 240,
      restricted_by: 4,
      location_id: null,
    });
  });

  it("reads an event back, with HH:MM times", () => {
    const f = eventFormFrom({
      title: "A",
      description: null,
      date: "2026-12-01",
      start_time: "09:00:00",
      end_time: "10:00:00",
      location_id: 2,
      capacity: null,
      visibility: "public",
      late_time: 5,
      absent_time: null,
      min_percentage: null,
      drop_cutoff: 60,
      alerts_students: true,
      required: true,
      restricted_by: null,
    });
    expect(f).toMatchObject({ start_time: "09:00", location_id: "2", capacity: "", late_time: "5", drop_cutoff: "60" });
    // required reads back and is always sent, so unticking it clears it
    expect(f.required).toBe(true);
    expect(eventVariables({ ...f, required: false }).required).toBe(false);
  });

  it("formats times and seats", () => {
    expect(eventTimes({ start_time: "09:00:00", end_time: "13:30" })).toBe("9:00 AM – 1:30 PM");
    expect(seatsText({ attending_count: 3, capacity: 3 })).toBe("3 of 3");
    expect(seatsText({ attending_count: 3, capacity: null })).toBe("3 (no limit)");
  });
});
