/**
 * POST /api/v2/device/register with what a browser can tell about itself, and what the phone
 * keeps from the answer (the student's name, the offline code secret).
 */
import { type DeviceFields, register } from "./device-api.ts";
import type { StoredDevice } from "./device-store.ts";
import { installationId } from "./installation-id.ts";

export const APP_VERSION = "checkin-web 1.0";

interface UaData {
  platform?: string;
  mobile?: boolean;
}

export function deviceFields(locationGranted: boolean): DeviceFields {
  const ua = navigator.userAgent;
  const uaData = (navigator as Navigator & { userAgentData?: UaData }).userAgentData;
  const os = /Android [\d.]+|iPhone OS [\d_]+|CPU OS [\d_]+|Mac OS X [\d_.]+|Windows NT [\d.]+|Linux/.exec(ua)?.[0];
  return {
    type: "web",
    os_version: (os ?? uaData?.platform ?? "unknown").replace(/_/g, "."),
    app_version: APP_VERSION,
    model_name: uaData?.mobile || /Mobi/.test(ua) ? "Mobile browser" : "Browser",
    token: installationId(),
    location_permission: locationGranted,
    bluetooth_permission: false,
  };
}

type Obj = Record<string, unknown>;
const obj = (v: unknown): Obj => (v && typeof v === "object" ? (v as Obj) : {});
const str = (v: unknown) => (typeof v === "string" ? v : null);

/** Registers the phone; resolves with what to store, rejects with DeviceError (401: bad token). */
export async function registerDevice(token: string, locationGranted: boolean): Promise<StoredDevice> {
  const data = obj(await register(token, deviceFields(locationGranted)));
  const student = obj(data.student);
  return {
    token,
    student: {
      uuid: str(student.uuid),
      first_name: str(student.first_name) ?? "",
      last_name: str(student.last_name) ?? "",
      preferred_name: str(student.preferred_name),
    },
    offline_secret: str(student.offline_code) ?? str(data.offline_code),
  };
}
