/** The location form's values as text and back to the call's variables. Pure. */
import { LOCATION_RADIUS, wholeTextIn } from "@rollbook/domain";
import type { Errors } from "../../ui/form/server-errors.ts";
import { parseCoordinates, roundCoordinate } from "./coordinates.ts";

export interface LocationFormValues {
  name: string;
  place_id: string;
  latitude: string;
  longitude: string;
  radius: string;
  note: string;
}

export type LocationField = keyof LocationFormValues;

export const LOCATION_LABELS: Record<LocationField, string> = {
  name: "Name",
  place_id: "Place id",
  latitude: "Latitude",
  longitude: "Longitude",
  radius: "Radius (metres)",
  note: "Note",
};

/** The fields in screen order (the first at fault takes focus). */
export const LOCATION_FIELD_ORDER = Object.keys(LOCATION_LABELS) as LocationField[];

export const EMPTY_LOCATION: LocationFormValues = {
  name: "",
  place_id: "",
  latitude: "",
  longitude: "",
  radius: "75",
  note: "",
};

export function locationFormValues(l: {
  name: string;
  place_id?: string | null;
  latitude?: number | null;
  longitude?: number | null;
  radius: number;
  note?: string | null;
}): LocationFormValues {
  return {
    name: l.name,
    place_id: l.place_id ?? "",
    latitude: l.latitude == null ? "" : roundCoordinate(l.latitude),
    longitude: l.longitude == null ? "" : roundCoordinate(l.longitude),
    radius: String(l.radius),
    note: l.note ?? "",
  };
}

/** Pasting "lat, lng" into either coordinate fills both; anything else is typed as is. */
export function withCoordinateText(
  v: LocationFormValues,
  field: "latitude" | "longitude",
  text: string,
): LocationFormValues {
  const pair = text.includes(",") || /\d\s+[-+]?\d/.test(text.trim()) ? parseCoordinates(text) : null;
  if (pair) return { ...v, latitude: String(pair.latitude), longitude: String(pair.longitude) };
  return { ...v, [field]: text };
}

const DECIMAL = /^[-+]?\d+(\.\d+)?$/;

/** The client's checks; the server checks again and names its field. */
export function locationFormErrors(v: LocationFormValues): Errors<LocationField> {
  const errors: Errors<LocationField> = {};
  if (!v.name.trim()) errors.name = "Name is required";
  const lat = v.latitude.trim();
  const lng = v.longitude.trim();
  if (lat && (!DECIMAL.test(lat) || Math.abs(Number(lat)) > 90))
    errors.latitude = "Latitude must be a number from -90 to 90";
  if (lng && (!DECIMAL.test(lng) || Math.abs(Number(lng)) > 180))
    errors.longitude = "Longitude must be a number from -180 to 180";
  if (lat && !lng && !errors.latitude) errors.longitude = "Longitude is needed with the latitude";
  if (lng && !lat && !errors.longitude) errors.latitude = "Latitude is needed with the longitude";
  if (wholeTextIn(v.radius, LOCATION_RADIUS) === null)
    errors.radius = `Radius must be a whole number of metres from ${LOCATION_RADIUS.min} to ${LOCATION_RADIUS.max}`;
  return errors;
}

/** createLocation / updateLocation arguments, of values that passed the checks. */
export function locationVariables(v: LocationFormValues) {
  const lat = v.latitude.trim();
  const lng = v.longitude.trim();
  return {
    name: v.name,
    place_id: v.place_id.trim() || null,
    latitude: lat ? Number(lat) : null,
    longitude: lng ? Number(lng) : null,
    radius: Number(v.radius.trim()),
    note: v.note.trim() || null,
  };
}
