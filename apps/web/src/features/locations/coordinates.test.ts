import { describe, expect, it } from "vitest";
import { formatCoordinates, parseCoordinates, roundCoordinate } from "./coordinates.ts";

describe("pasted coordinates", () => {
  it("reads the usual ways a map copies a point", () => {
    for (const text of [
      "40.7128, -74.006",
      " 40.7128,-74.006 ",
      "40.7128 -74.006",
      "(40.7128, -74.006)",
      "40.7128; -74.006",
    ])
      expect(parseCoordinates(text), text).toEqual({ latitude: 40.7128, longitude: -74.006 });
  });

  it("refuses what is not a pair in range", () => {
    for (const text of ["", "40.7", "north", "91, 10", "10, 181", "1, 2, 3"])
      expect(parseCoordinates(text), text).toBeNull();
  });

  it("shows a pair as it is pasted", () => {
    expect(formatCoordinates({ latitude: 1.5, longitude: -2 })).toBe("1.5, -2");
    expect(formatCoordinates(null)).toBe("");
    expect(roundCoordinate(-73.75840000000001)).toBe("-73.7584");
  });
});

describe("the location form", async () => {
  const { EMPTY_LOCATION, locationFormErrors, locationVariables, withCoordinateText } = await import(
    "./location-form.ts"
  );
  it("fills both coordinates from a pasted pair, and keeps a single typed number", () => {
    const pasted = withCoordinateText(EMPTY_LOCATION, "latitude", "40.7128, -74.006");
    expect([pasted.latitude, pasted.longitude]).toEqual(["40.7128", "-74.006"]);
    const typed = withCoordinateText(EMPTY_LOCATION, "longitude", "-74.0");
    expect([typed.latitude, typed.longitude]).toEqual(["", "-74.0"]);
  });

  it("names the field of each problem", () => {
    expect(locationFormErrors({ ...EMPTY_LOCATION, name: "", latitude: "95", radius: "ten" })).toEqual({
      name: "Name is required",
      latitude: "Latitude must be a number from -90 to 90",
      radius: "Radius must be a whole number of metres from 10 to 5000",
    });
    // the server's range (10-5000), and the text as typed: a sign or a decimal point is no whole number
    for (const radius of ["-5", "2.5", "9", "5001"])
      expect(locationFormErrors({ ...EMPTY_LOCATION, name: "Gym", radius })).toEqual({
        radius: "Radius must be a whole number of metres from 10 to 5000",
      });
    expect(locationFormErrors({ ...EMPTY_LOCATION, name: "Gym", latitude: "40" })).toEqual({
      longitude: "Longitude is needed with the latitude",
    });
    const fine = { ...EMPTY_LOCATION, name: "Gym", latitude: "40", longitude: "-74" };
    expect(locationFormErrors(fine)).toEqual({});
    expect(locationVariables(fine)).toEqual({
      name: "Gym",
      place_id: null,
      latitude: 40,
      longitude: -74,
      radius: 75,
      note: null,
    });
  });
});
